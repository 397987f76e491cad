"""The asyncio half of mcp-collide's Python kit: :class:`AsyncHostAdapter`, served by :func:`serve_async`.

Real Python hosts are asyncio programs, and most hold their MCP sessions in anyio task groups (an ``async
with Client(...)``, an ``AsyncExitStack``) that must be entered and left in one task. So each HAP session
gets one long-lived task of its own: ``open`` runs in it, every later request naming that session
(``tools``, ``call``, ``refresh``, ``registerLocal``, ``pin``) is handed to it, and ``close`` runs in it last,
so what ``open`` entered ``close`` can leave. ``initialize`` and ``shutdown`` run in the serving task.

    import mcp_collide_hap as hap
    from mcp_collide_hap.aio import AsyncHostAdapter, serve_async

    class MyAdapter(AsyncHostAdapter):
        async def initialize(self): return hap.initialize_result("my-host", "1.0")
        async def open(self, servers, local_tools): ...   # enter the host's client here
        async def tools(self, session): ...
        async def call(self, session, name, arguments): ...
        async def close(self, session): ...               # and leave it here, in the same task

    if __name__ == "__main__":
        serve_async(MyAdapter())

The rules are the synchronous loop's (see :mod:`mcp_collide_hap`): stdout is the protocol's alone, what the
host does is a result, an exception is the adapter breaking (a JSON-RPC error). A session whose task dies
(a task group cancelled it, say) answers every later request with an error. After ``shutdown`` is answered,
or when stdin ends, every open session is closed in its task, :meth:`AsyncHostAdapter.shutdown` runs, and
the process exits with ``os._exit(0)``: a host's leftover threads (an anyio worker, a stuck subprocess
reader) cannot keep the adapter alive past the harness's 3-second grace.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import sys
import threading
from typing import Any, Awaitable, Callable, Dict, List, Optional, TextIO, Tuple

from . import (BadParams, CallResult, InitializeResult, LocalTool, OpenResult, RefreshResult, ServerConfig,
               ShownPrompt, VisibleTool, _answered, _call_args, _get_prompt_args, _NotImplemented, _open_args,
               _protocol_stream, _read_resource_args, _request, _server_arg, _text, _writer)

__all__ = ["AsyncHostAdapter", "serve_async"]


class AsyncHostAdapter:
    """Subclass and implement the six basic methods as coroutines; implement ``refresh``, ``register_local``,
    ``pin``, ``prompts`` with ``get_prompt`` and ``resources`` with ``read_resource`` only when ``initialize``
    declares the matching capability (``get_prompt`` and ``read_resource`` take ``namespace`` by keyword). A
    plain (non-async) method works too. ``open`` also takes ``tls`` by keyword when the run serves https (see ``mcp_collide_hap.Tls``);
    ``call`` takes ``namespace`` by keyword for a tool shown with one."""

    async def initialize(self) -> InitializeResult:
        raise NotImplementedError

    async def open(self, servers: List[ServerConfig], local_tools: List[LocalTool]) -> OpenResult:
        """Runs in the session's own task: enter the host's clients here; ``close`` leaves them in this task."""
        raise NotImplementedError

    async def tools(self, session: str) -> List[VisibleTool]:
        raise NotImplementedError

    async def call(self, session: str, name: str, arguments: Dict[str, Any]) -> CallResult:
        raise NotImplementedError

    async def close(self, session: str) -> None:
        raise NotImplementedError

    async def shutdown(self) -> None:
        """Runs after every open session was closed (each in its own task); release what is left."""

    refresh: Optional[Callable[[str, Optional[str]], Awaitable[RefreshResult]]] = None
    register_local: Optional[Callable[[str, str, str], Awaitable[Dict[str, Any]]]] = None
    pin: Optional[Callable[[str], Awaitable[Dict[str, Any]]]] = None
    prompts: Optional[Callable[[str], Awaitable[List[ShownPrompt]]]] = None
    get_prompt: Optional[Callable[[str, str, Dict[str, str]], Awaitable[Dict[str, Any]]]] = None
    resources: Optional[Callable[[str], Awaitable[Dict[str, Any]]]] = None
    read_resource: Optional[Callable[[str, str], Awaitable[Dict[str, Any]]]] = None


async def _settle(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


# What a session task is asked to run: the method, its params, and the future its answer goes to.
_Job = Tuple[str, Dict[str, Any], "asyncio.Future[Any]"]
_SESSION_METHODS = {
    "session/tools", "session/call", "session/refresh", "session/registerLocal", "session/pin", "session/close",
    "session/prompts", "session/getPrompt", "session/resources", "session/readResource",
}
_OPTIONAL = {
    "session/refresh": "refresh", "session/registerLocal": "register_local", "session/pin": "pin",
    "session/prompts": "prompts", "session/getPrompt": "get_prompt", "session/resources": "resources", "session/readResource": "read_resource",
}


class _Session:
    """One HAP session: its task, which opened the host's session, and the queue of requests it runs."""

    def __init__(self, adapter: AsyncHostAdapter, params: Dict[str, Any]) -> None:
        self.adapter = adapter
        self.inbox: "asyncio.Queue[_Job]" = asyncio.Queue()
        loop = asyncio.get_running_loop()
        self.opened: "asyncio.Future[Any]" = loop.create_future()
        self.task = loop.create_task(self._run(params))

    async def _run(self, params: Dict[str, Any]) -> None:
        try:
            args, extra = _open_args(params)
            result = await _settle(self.adapter.open(*args, **extra))
        except Exception as error:  # noqa: BLE001 - answered as the adapter breaking
            self.opened.set_exception(error)
            return
        self.opened.set_result(result)
        while True:
            method, request, answer = await self.inbox.get()
            try:
                value = await _settle(self._dispatch(method, request))
            except Exception as error:  # noqa: BLE001 - answered as the adapter breaking; the session goes on
                if not answer.done():
                    answer.set_exception(error)
                continue
            if not answer.done():
                answer.set_result(value)
            if method == "session/close":
                return

    async def _dispatch(self, method: str, params: Dict[str, Any]) -> Any:
        adapter, session = self.adapter, _text(params, "session")
        if method == "session/tools":
            return {"tools": await _settle(adapter.tools(session))}
        if method == "session/call":
            args, extra = _call_args(params)
            return await _settle(adapter.call(*args, **extra))
        if method == "session/refresh":
            return await _settle(adapter.refresh(session, _server_arg(params)))  # type: ignore[misc]
        if method == "session/registerLocal":
            return await _settle(adapter.register_local(session, _text(params, "name"), _text(params, "shape")))  # type: ignore[misc]
        if method == "session/pin":
            return {"pins": await _settle(adapter.pin(session))}  # type: ignore[misc]
        if method == "session/prompts":
            return {"prompts": await _settle(adapter.prompts(session))}  # type: ignore[misc]
        if method == "session/getPrompt":
            args, extra = _get_prompt_args(params)
            return await _settle(adapter.get_prompt(*args, **extra))  # type: ignore[misc]
        if method == "session/resources":
            return await _settle(adapter.resources(session))  # type: ignore[misc]
        if method == "session/readResource":
            args, extra = _read_resource_args(params)
            return await _settle(adapter.read_resource(*args, **extra))  # type: ignore[misc]
        await _settle(adapter.close(session))
        return {}

    async def ask(self, method: str, params: Dict[str, Any]) -> Any:
        """Runs one request in the session's task; an error if the task ended before answering."""
        if self.task.done():
            raise RuntimeError(f"session {params.get('session')!r} has ended: {self._ending()}")
        answer: "asyncio.Future[Any]" = asyncio.get_running_loop().create_future()
        await self.inbox.put((method, params, answer))
        await asyncio.wait([answer, self.task], return_when=asyncio.FIRST_COMPLETED)
        if not answer.done():
            raise RuntimeError(f"session {params.get('session')!r} ended while answering {method}: {self._ending()}")
        return answer.result()

    def _ending(self) -> str:
        if self.task.cancelled():
            return "its task was cancelled"
        error = self.task.exception()
        return f"{type(error).__name__}: {error}" if error is not None else "it was closed"


class _Server:
    """The serving task: reads requests in order and answers each before reading the next."""

    def __init__(self, adapter: AsyncHostAdapter) -> None:
        self.adapter = adapter
        self.sessions: Dict[str, _Session] = {}

    async def answer(self, method: str, params: Dict[str, Any]) -> Any:
        if method == "initialize":
            return await _settle(self.adapter.initialize())
        if method == "session/open":
            _open_args(params)  # unreadable params are the caller's error, before any task starts
            session = _Session(self.adapter, params)
            await asyncio.wait([session.opened, session.task], return_when=asyncio.FIRST_COMPLETED)
            if not session.opened.done():
                raise RuntimeError(f"the session's task ended during open: {session._ending()}")
            result = session.opened.result()
            if isinstance(result, dict) and isinstance(result.get("session"), str):
                self.sessions[result["session"]] = session
            return result
        if method == "shutdown":
            await self.close_all()
            return {}
        if method in _OPTIONAL and getattr(self.adapter, _OPTIONAL[method], None) is None:
            raise _NotImplemented(f"this adapter does not implement {method}")
        name = _text(params, "session")
        session = self.sessions.get(name)
        if session is None:
            raise BadParams(f"no open session {name!r}")
        if method == "session/close":
            del self.sessions[name]
        return await session.ask(method, params)

    async def close_all(self) -> None:
        """Closes every open session in its own task, then the adapter: nothing the host spawned outlives it."""
        for name, session in list(self.sessions.items()):
            del self.sessions[name]
            try:
                await session.ask("session/close", {"session": name})
            except Exception as error:  # noqa: BLE001 - keep closing the others
                print(f"mcp-collide kit: closing session {name!r} failed: {error}", file=sys.stderr)
        await _settle(self.adapter.shutdown())


def _read_lines(source: TextIO, loop: asyncio.AbstractEventLoop, lines: "asyncio.Queue[Optional[str]]") -> None:
    # A thread, so a blocking read of stdin never stalls the host's event loop; None marks the end.
    try:
        for line in source:
            loop.call_soon_threadsafe(lines.put_nowait, line)
    finally:
        loop.call_soon_threadsafe(lines.put_nowait, None)


async def _serve(adapter: AsyncHostAdapter, source: TextIO, reply: Callable[[Dict[str, Any]], None], own: bool) -> int:
    code = await _answer_all(adapter, source, reply)
    if own:
        # Exit from inside the loop: asyncio.run's teardown would cancel and wait for whatever tasks the host
        # left behind, and a host's stray thread could keep the interpreter from exiting at all.
        sys.stderr.flush()
        os._exit(code)
    return code


async def _answer_all(adapter: AsyncHostAdapter, source: TextIO, reply: Callable[[Dict[str, Any]], None]) -> int:
    lines: "asyncio.Queue[Optional[str]]" = asyncio.Queue()
    threading.Thread(target=_read_lines, args=(source, asyncio.get_running_loop(), lines), daemon=True).start()
    server = _Server(adapter)
    methods = {"initialize", "session/open", "shutdown", *_SESSION_METHODS}
    while True:
        line = await lines.get()
        if line is None:
            break
        request = _request(line, methods, reply)
        if request is None:
            continue
        request_id, method, params = request
        try:
            outcome = await server.answer(method, params)
        except Exception as error:  # noqa: BLE001 - the adapter broke: say so, keep serving
            outcome = error
        if _answered(reply, request_id, method, outcome):
            return 0
    # stdin ended without shutdown: close every session so no process outlives the adapter.
    await server.close_all()
    return 0


def serve_async(adapter: AsyncHostAdapter, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> int:
    """Serves ``adapter`` over HAP/1 on a new event loop until ``shutdown`` is answered or stdin ends.

    With no streams given, uses the process's stdin and stdout (stdout kept for the protocol alone) and ends
    the process with ``os._exit(0)`` once done. With streams given (a test), returns the exit code instead.
    """
    own = stdin is None and stdout is None
    source = stdin if stdin is not None else sys.stdin
    reply = _writer(stdout if stdout is not None else _protocol_stream())
    return asyncio.run(_serve(adapter, source, reply, own))
