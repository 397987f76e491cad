#!/usr/bin/env python3
"""HAP/1 adapter for fastmcp's multi-server ``Client``: an ``MCPConfig`` (``{"mcpServers": {key: server}}``)
that mounts each server on one router under its configuration key, so the model sees one merged tool list.
Runs on mcp-collide's async Python kit (harness/kit/python/mcp_collide_hap/aio.py) with no bridge of its own:
each HAP session's ``async with Client(...)`` is entered in ``open`` and left in ``close``, in the session's
own task, as fastmcp's anyio task groups require.

    npm run hosts:python          # the pinned venv: hosts/fastmcp/.venv (requirements.txt)
    npx mcp-collide run -- hosts/fastmcp/.venv/bin/python hosts/fastmcp/adapter.py

What the model would see is the ``Client``'s merged list (``client.list_tools()``), taken at open and at each
refresh; a call goes through ``client.call_tool`` by the name shown, as an agent loop over the client does.
``registered`` is the host's own per-server account: each mounted server's tools under its mount namespace
(fastmcp's ``Namespace`` transform, the one the router applies), read from the proxy fastmcp built for that
key; with one server fastmcp mounts nothing and shows the server's tools as they are. A server fastmcp
skipped (it logs a warning and goes on) registers ``[]``, and its warning is a diagnostic: the host raised
nothing to its caller. Only ``ConnectionError("All MCP servers failed to connect")`` and the like are errors.

Prompts and resources (issue 37) go through the same ``Client``, as its user's code would use them:
``list_prompts`` / ``list_resources`` / ``list_resource_templates`` give the merged lists (fastmcp's router
names a mounted server's prompt ``{key}_{name}`` and its resource ``scheme://{key}/path``, the ``Namespace``
transform), taken at open and at each refresh beside the tools; ``get_prompt(name, arguments)`` and
``read_resource(uri)`` go by the name or URI shown, and the router alone picks the server. The adapter adds no
``server`` or ``wireName``: fastmcp's lists do not say which server an entry comes from. Only the lists the
connected server declares are asked for (one server: its own capabilities; two or more: the router's, which
declare them all). A list call that raises is the open's (or refresh's) error, as the caller would see it; a
server the router skips is only a warning, which fastmcp logs. fastmcp lists templates apart from resources (``resourceTemplates``) and does not
re-list on ``notifications/prompts/list_changed`` or ``resources/list_changed`` (neither is declared).
"""

from __future__ import annotations

import logging
import os
import sys
from importlib.metadata import version
from typing import Any, Dict, List, Optional

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "harness", "kit", "python"))

import mcp_collide_hap as hap  # noqa: E402
from mcp_collide_hap.aio import AsyncHostAdapter, serve_async  # noqa: E402

from fastmcp import Client  # noqa: E402
from fastmcp.client.transports import MCPConfigTransport  # noqa: E402
from fastmcp.exceptions import ToolError  # noqa: E402
from fastmcp.server.transforms.namespace import Namespace  # noqa: E402


class KeyedConfigTransport(MCPConfigTransport):
    """fastmcp's own MCPConfig transport, keeping the proxy it builds for each key so the adapter can say
    what each server registered; the merged list, the routing and every call stay fastmcp's."""

    def __init__(self, config: Dict[str, Any]) -> None:
        super().__init__(config)
        self.proxies: Dict[str, Any] = {}

    async def _create_proxy(self, name: str, *args: Any, **kwargs: Any) -> Any:
        created = await super()._create_proxy(name, *args, **kwargs)
        self.proxies[name] = created[2]
        return created


class Warnings(logging.Handler):
    """What fastmcp logs at warning level or above while a session loads: the adapter's diagnostics."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: List[hap.Diagnostic] = []

    def emit(self, record: logging.LogRecord) -> None:
        cause = f": {record.exc_info[1]}" if record.exc_info and record.exc_info[1] else ""
        self.seen.append({"level": record.levelname.lower(), "message": record.getMessage() + cause})


def server_entry(server: hap.ServerConfig, tls: Optional[hap.Tls]) -> Dict[str, Any]:
    transport = server["transport"]
    if transport["type"] == "stdio":
        return {"transport": "stdio", "command": transport["command"], "args": list(transport.get("args", [])), "env": dict(transport.get("env") or {})}
    return {"transport": "http", "url": transport["url"]}


def shown(tool: Any) -> hap.VisibleTool:
    entry: hap.VisibleTool = {"name": tool.name, "inputSchema": tool.inputSchema}
    if tool.description is not None:
        entry["description"] = tool.description
    return entry


def shown_prompt(prompt: Any) -> hap.ShownPrompt:
    entry: hap.ShownPrompt = {"name": prompt.name}
    for field in ("title", "description"):
        if getattr(prompt, field, None) is not None:
            entry[field] = getattr(prompt, field)  # type: ignore[literal-required]
    if prompt.arguments:
        entry["arguments"] = [argument.model_dump(mode="json", exclude_none=True) for argument in prompt.arguments]
    return entry


def shown_resource(resource: Any, field: str, uri: str) -> Any:
    """A resource (``field`` "uri") or template ("uriTemplate") as the client lists it."""
    entry: Dict[str, Any] = {field: uri}
    for name, attribute in (("name", "name"), ("title", "title"), ("description", "description"), ("mimeType", "mimeType")):
        if getattr(resource, attribute, None) is not None:
            entry[name] = getattr(resource, attribute)
    return entry


class Session:
    """One open: the client, or None when fastmcp refused the open as a whole (nothing shown, nothing to call)."""

    def __init__(self, keys: List[str], transport: Optional[KeyedConfigTransport], client: Optional[Client]) -> None:
        self.keys, self.transport, self.client = keys, transport, client
        self.tools: List[hap.VisibleTool] = []
        self.prompts: List[hap.ShownPrompt] = []
        self.resources: List[hap.ShownResource] = []
        self.templates: List[hap.ShownTemplate] = []


class FastMCPAdapter(AsyncHostAdapter):
    def __init__(self) -> None:
        self.sessions: Dict[str, Session] = {}
        self.opened = 0

    async def initialize(self) -> hap.InitializeResult:
        # A refresh is the client listing again; fastmcp has no local tools, pins, per-tool request schemas
        # or name filters (MCPConfig's include/exclude are tags), and does not re-list on list_changed.
        return hap.initialize_result("fastmcp Client (MCPConfig)", f"fastmcp {version('fastmcp')}, mcp {version('mcp')}", refresh=True,
                                     prompts=True, resources=True, resourceTemplates=True)

    async def open(self, servers: List[hap.ServerConfig], local_tools: List[hap.LocalTool], tls: Optional[hap.Tls] = None) -> hap.OpenResult:
        self.opened += 1
        session_id = f"s{self.opened}"
        keys = [server["key"] for server in servers]
        warnings = Warnings()
        logging.getLogger("fastmcp").addHandler(warnings)
        try:
            transport = KeyedConfigTransport({"mcpServers": {server["key"]: server_entry(server, tls) for server in servers}})
            client = Client(transport)
            await client.__aenter__()
        except Exception as error:  # noqa: BLE001 - the host refused the whole open: a result
            self.sessions[session_id] = Session(keys, None, None)
            return hap.open_result(session_id, {key: [] for key in keys}, [hap.host_error(f"{type(error).__name__}: {error}")], warnings.seen)
        finally:
            logging.getLogger("fastmcp").removeHandler(warnings)
        session = Session(keys, transport, client)
        self.sessions[session_id] = session
        outcome = await self._list(session)
        return {"session": session_id, "outcome": outcome, "diagnostics": warnings.seen}

    async def _list(self, session: Session) -> hap.Outcome:
        """The merged list as the model would get it, and each server's part by fastmcp's own account."""
        errors: List[hap.HostError] = []
        registered: Dict[str, List[str]] = {key: [] for key in session.keys}
        if session.client is None or session.transport is None:
            return {"registered": registered, "errors": [hap.host_error("the client never connected")]}
        try:
            session.tools = [shown(tool) for tool in await session.client.list_tools()]
        except Exception as error:  # noqa: BLE001 - listing failed: the host said so
            session.tools = []
            errors.append(hap.host_error(f"{type(error).__name__}: {error}"))
            return {"registered": registered, "errors": errors}
        errors.extend(await self._list_context(session))
        if len(session.keys) == 1:
            registered[session.keys[0]] = [tool["name"] for tool in session.tools]
            return {"registered": registered, "errors": errors}
        for key, proxy in session.transport.proxies.items():
            try:
                registered[key] = [tool.name for tool in await Namespace(key).list_tools(await proxy.list_tools())]
            except Exception as error:  # noqa: BLE001 - the proxy could not list: that server's error
                errors.append(hap.host_error(f"{type(error).__name__}: {error}", server=key))
        return {"registered": registered, "errors": errors}

    async def _list_context(self, session: Session) -> List[hap.HostError]:
        """The merged prompts, resources and templates as the client lists them; each list call that raises is an error.

        Only the lists the connected server declares are asked for, as a client using capability negotiation
        does: with one server the ``Client`` talks to it directly and would pass ``prompts/list`` to a server
        without prompts, whose "Method not found" is the adapter's question, not a merging error (the router
        of two or more declares every list and its proxies take METHOD_NOT_FOUND for an empty one)."""
        errors: List[hap.HostError] = []
        client = session.client
        assert client is not None
        declared = client.server_capabilities
        for kind in ("prompts", "resources", "templates"):
            if declared is None or getattr(declared, "prompts" if kind == "prompts" else "resources", None) is None:
                setattr(session, kind, [])
                continue
            try:
                if kind == "prompts":
                    session.prompts = [shown_prompt(prompt) for prompt in await client.list_prompts()]
                elif kind == "resources":
                    session.resources = [shown_resource(resource, "uri", str(resource.uri)) for resource in await client.list_resources()]  # type: ignore[misc]
                else:
                    session.templates = [shown_resource(template, "uriTemplate", template.uriTemplate) for template in await client.list_resource_templates()]  # type: ignore[misc]
            except Exception as error:  # noqa: BLE001 - the list call failed: the caller got this error
                setattr(session, kind, [])
                errors.append(hap.host_error(f"list_{'resource_templates' if kind == 'templates' else kind}: {type(error).__name__}: {error}"))
        return errors

    async def prompts(self, session: str) -> List[hap.ShownPrompt]:
        return self.sessions[session].prompts

    async def get_prompt(self, session: str, name: str, arguments: Dict[str, str], namespace: Optional[str] = None) -> Dict[str, Any]:
        client = self.sessions[session].client
        if client is None:
            return hap.refused(f"no prompt named {name!r}: the client never connected")
        try:
            result = await client.get_prompt(name, arguments)
        except Exception as error:  # noqa: BLE001 - the get failed: the user sees this error
            return hap.refused(f"{type(error).__name__}: {error}")
        return hap.got_prompt([message.model_dump(mode="json", by_alias=True, exclude_none=True) for message in result.messages], result.description)

    async def resources(self, session: str) -> Dict[str, Any]:
        open_session = self.sessions[session]
        return hap.resources_result(open_session.resources, open_session.templates)

    async def read_resource(self, session: str, uri: str, namespace: Optional[str] = None) -> Dict[str, Any]:
        client = self.sessions[session].client
        if client is None:
            return hap.refused(f"no resource {uri!r}: the client never connected")
        try:
            contents = await client.read_resource(uri)
        except Exception as error:  # noqa: BLE001 - the read failed: the caller sees this error
            return hap.refused(f"{type(error).__name__}: {error}")
        return hap.read_ok([content.model_dump(mode="json", by_alias=True, exclude_none=True) for content in contents])

    async def tools(self, session: str) -> List[hap.VisibleTool]:
        return self.sessions[session].tools

    async def call(self, session: str, name: str, arguments: Dict[str, Any]) -> hap.CallResult:
        client = self.sessions[session].client
        if client is None:
            return hap.refused(f"no tool named {name!r}: the client never connected")
        try:
            result = await client.call_tool(name, arguments)
        except ToolError as error:
            return hap.refused(str(error))
        except Exception as error:  # noqa: BLE001 - the call failed: the model gets an error
            return hap.refused(f"{type(error).__name__}: {error}")
        return hap.ok([block.model_dump(mode="json", by_alias=True, exclude_none=True) for block in result.content])

    async def refresh(self, session: str, server: Optional[str]) -> hap.RefreshResult:
        # fastmcp lists every server on each list_tools(); it has no per-server refresh.
        warnings = Warnings()
        logging.getLogger("fastmcp").addHandler(warnings)
        try:
            outcome = await self._list(self.sessions[session])
        finally:
            logging.getLogger("fastmcp").removeHandler(warnings)
        return {"outcome": outcome, "diagnostics": warnings.seen}

    async def close(self, session: str) -> None:
        # Leaving the client can re-raise a transport error from a server that died mid-session (httpx's
        # "Server disconnected"): the session is closed all the same, and that is no answer to the model.
        client = self.sessions.pop(session).client
        try:
            if client is not None:
                await client.__aexit__(None, None, None)
        except Exception as error:  # noqa: BLE001
            print(f"fastmcp adapter: closing {session}: {type(error).__name__}: {error}", file=sys.stderr)


if __name__ == "__main__":
    serve_async(FastMCPAdapter())
