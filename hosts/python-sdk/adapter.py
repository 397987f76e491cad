#!/usr/bin/env python3
"""HAP/1 adapter for the official MCP Python SDK's ``ClientSessionGroup`` (``mcp.client.session_group``): one
group, every configured server connected to it with its own parameters (``StdioServerParameters``,
``StreamableHttpParameters``), the model given the group's merged ``tools`` and its calls sent through
``group.call_tool(name)``. Two modes: the default, which keeps every tool's own name, and ``--hook``, the
naming hook of the class's docstring, ``component_name_hook=lambda name, server_info: f"{server_info.name}_{name}"``.

    npm run hosts:python          # the pinned venv: hosts/python-sdk/.venv (requirements.txt)
    npx mcp-collide run -- hosts/python-sdk/.venv/bin/python hosts/python-sdk/adapter.py [--hook]

Each HAP session is one application: a task of its own that enters ``async with ClientSessionGroup(...)``,
awaits ``connect_to_server`` for each server in configuration order (catching an ``Exception`` per server,
as a careful application does, so one refused server does not stop the loop), and then serves the model's
requests (the tool list, a call) until the session closes. The group's transports keep their anyio task
groups in that task, so a transport failure can cancel it: a ``CancelledError`` is no ``Exception``, it ends
the application, and the adapter (in the kit's session task, outside it) reports that as the host's error,
naming no server, with nothing shown afterwards. ``registered`` for a key is the names the group's ``tools``
gained while that server connected; a ``connect_to_server`` that raised registers ``[]`` and its error names
the server it was called for (the application knows which call raised; the exception itself may name none).

Declared: stdio and http, nothing else. The group has no re-list (it lists each server once, in
``connect_to_server``), no handler for ``list_changed``, no local tools, pins, request schemas or filters, and
no ``get_prompt`` or ``read_resource`` of its own (its ``prompts`` and ``resources`` are name-keyed dicts), so
prompts and resources are not driven.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from importlib.metadata import version
from typing import Any, Callable, Dict, List, Optional

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "harness", "kit", "python"))

import mcp_collide_hap as hap  # noqa: E402
from mcp_collide_hap.aio import AsyncHostAdapter, serve_async  # noqa: E402

from mcp.client.session_group import ClientSessionGroup, StreamableHttpParameters  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

HOOKED = "--hook" in sys.argv[1:]


def docstring_hook(name: str, server_info: Any) -> str:
    """The naming hook of ``ClientSessionGroup``'s docstring: the server's self-reported name, ``_``, the name."""
    return f"{(server_info.name)}_{name}"


def parameters(server: hap.ServerConfig) -> Any:
    transport = server["transport"]
    if transport["type"] == "stdio":
        return StdioServerParameters(command=transport["command"], args=list(transport.get("args", [])), env=dict(transport.get("env") or {}))
    return StreamableHttpParameters(url=transport["url"], headers=dict(transport.get("headers") or {}) or None)


def describe(error: BaseException) -> str:
    # anyio names a cancel scope by its id(), different in every run: left out, so a report reads the same each time.
    text = re.sub(r"cancel scope [0-9a-f]+", "cancel scope", str(error))
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class Logged(logging.Handler):
    """What the SDK logs at warning level or above while the group connects (``Could not fetch prompts``)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: List[hap.Diagnostic] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append({"level": record.levelname.lower(), "message": record.getMessage()})


Job = Callable[[ClientSessionGroup], Any]


class ApplicationEnded(RuntimeError):
    """The application's task ended before it answered: only this empties a tool list; any other error is the host's."""


class Application:
    """One application's task: the group entered, each server connected, then the model's requests served."""

    def __init__(self, servers: List[hap.ServerConfig]) -> None:
        self.keys = [server["key"] for server in servers]
        self.registered: Dict[str, List[str]] = {key: [] for key in self.keys}
        self.errors: List[hap.HostError] = []
        self.ended: Optional[str] = None
        self.inbox: "asyncio.Queue[Any]" = asyncio.Queue()
        self.loaded: "asyncio.Future[None]" = asyncio.get_running_loop().create_future()
        self.task = asyncio.get_running_loop().create_task(self.main(servers))

    async def main(self, servers: List[hap.ServerConfig]) -> None:
        answer: Optional["asyncio.Future[Any]"] = None
        try:
            async with ClientSessionGroup(component_name_hook=docstring_hook if HOOKED else None) as group:
                for server in servers:
                    before = set(group.tools)
                    try:
                        await group.connect_to_server(parameters(server))
                    except Exception as error:  # noqa: BLE001 - the group refused this server: the host's error
                        self.errors.append(hap.host_error(describe(error), server=server["key"]))
                        continue
                    self.registered[server["key"]] = [name for name in group.tools if name not in before]
                self.loaded.set_result(None)
                while True:
                    job, answer = await self.inbox.get()
                    if job is None:
                        break
                    try:
                        answer.set_result(await job(group))
                    except Exception as error:  # noqa: BLE001 - the group raised: the caller's answer
                        answer.set_exception(error)
                    answer = None
            answer.set_result(None) if answer is not None else None
        except BaseException as error:  # noqa: BLE001 - CancelledError included: the application ended
            self.ended = describe(error)
            for future in (self.loaded, answer):
                if future is not None and not future.done():
                    future.set_result(None) if future is self.loaded else future.set_exception(ApplicationEnded(self.ended))
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise

    async def ask(self, job: Optional[Job]) -> Any:
        """Runs ``job`` in the application's task; raises when the task ended first (its ending said)."""
        if self.task.done():
            raise ApplicationEnded(f"the application's task ended: {self.ended or 'closed'}")
        answer: "asyncio.Future[Any]" = asyncio.get_running_loop().create_future()
        await self.inbox.put((job, answer))
        await asyncio.wait([answer, self.task], return_when=asyncio.FIRST_COMPLETED)
        if not answer.done():
            raise ApplicationEnded(f"the application's task ended: {self.ended or 'closed'}")
        return answer.result()


def shown(name: str, tool: Any) -> hap.VisibleTool:
    entry: hap.VisibleTool = {"name": name, "inputSchema": tool.input_schema}
    if tool.description is not None:
        entry["description"] = tool.description
    return entry


async def listed(group: ClientSessionGroup) -> List[hap.VisibleTool]:
    return [shown(name, tool) for name, tool in group.tools.items()]


class PythonSdkAdapter(AsyncHostAdapter):
    def __init__(self) -> None:
        self.sessions: Dict[str, Application] = {}
        self.opened = 0

    async def initialize(self) -> hap.InitializeResult:
        mode = " (component_name_hook)" if HOOKED else ""
        return hap.initialize_result(f"MCP Python SDK ClientSessionGroup{mode}", f"mcp {version('mcp')}")

    async def open(self, servers: List[hap.ServerConfig], local_tools: List[hap.LocalTool], tls: Optional[hap.Tls] = None) -> hap.OpenResult:
        self.opened += 1
        session = f"s{self.opened}"
        logged = Logged()
        logging.getLogger().addHandler(logged)
        try:
            app = Application(servers)
            self.sessions[session] = app
            await asyncio.wait([app.loaded, app.task], return_when=asyncio.FIRST_COMPLETED)
        finally:
            logging.getLogger().removeHandler(logged)
        if app.ended is not None:
            # The application's task was cancelled (or the group raised past the per-server catch): nothing
            # it connected is left to show or call, and what ended it names no server.
            errors = [*app.errors, hap.host_error(f"the application's task ended while connecting: {app.ended}")]
            return hap.open_result(session, {key: [] for key in app.keys}, errors, logged.seen)
        return hap.open_result(session, app.registered, app.errors, logged.seen)

    async def tools(self, session: str) -> List[hap.VisibleTool]:
        app = self.sessions[session]
        if app.task.done():
            return []
        try:
            return await app.ask(listed)
        except ApplicationEnded:
            return []

    async def call(self, session: str, name: str, arguments: Dict[str, Any]) -> hap.CallResult:
        app = self.sessions[session]

        async def call(group: ClientSessionGroup) -> Any:
            return await group.call_tool(name, arguments)

        try:
            result = await app.ask(call)
        except Exception as error:  # noqa: BLE001 - the group raised (a KeyError for a name it lacks): the model's error
            return hap.refused(describe(error))
        content = [block.model_dump(mode="json", by_alias=True, exclude_none=True) for block in result.content]
        return hap.ok(content, is_error=True) if result.is_error else hap.ok(content)

    async def close(self, session: str) -> None:
        app = self.sessions.pop(session)
        try:
            await app.ask(None)
        except Exception as error:  # noqa: BLE001 - an application already ended has nothing left to close
            print(f"python-sdk adapter: closing {session}: {describe(error)}", file=sys.stderr)


if __name__ == "__main__":
    serve_async(PythonSdkAdapter())
