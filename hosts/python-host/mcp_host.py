"""A small MCP host in Python, standard library only, that merges tools from several MCP servers the way
ADR-0112 says a host must:

- D1: every tool is shown as ``mcp__{key}__{tool}``, labelled by the operator's configuration key, never by
  the ``serverInfo.name`` a server reports about itself.
- Injective names: a key containing ``__``, ending in ``_``, empty, or holding characters a model provider
  refuses is refused (only the key can be renamed); a name that would still stand for two tools fails every
  server claiming it, whoever answered first.
- D6: a shown name matches ``^[A-Za-z0-9_-]{1,64}$``, or its server fails; never shortened, never sanitised.
- D3: a server registers all of its tools or none, with one error naming it and every missing wire name; a
  server with no tools is fine.
- D2, P5: a call sends the server its own tool name and the arguments unchanged; a name the host does not
  show reaches no server.
- P2: servers load in parallel and register in configuration order, so nothing depends on who answers first.

It speaks MCP itself: newline-delimited JSON-RPC to a spawned process (stdio), and Streamable HTTP with
``http.client`` (answers as ``application/json`` or as a ``text/event-stream``; the ``mcp-session-id`` header
kept and sent back).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import ssl
import subprocess
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

PROTOCOL_VERSION = "2025-06-18"
CLIENT_INFO = {"name": "mcp-collide-python-host", "version": "0.1.0"}
MAX_NAME_LENGTH = 64
PROVIDER_CHARS = re.compile(r"^[A-Za-z0-9_-]*$")
REQUEST_TIMEOUT_S = 30.0


class McpError(Exception):
    """A server could not be reached, or answered a JSON-RPC error."""


# ---------------------------------------------------------------------------------------------------------
# Transports: each has request(method, params) -> result, notify(method, params), close().


class StdioConnection:
    """A spawned MCP server: one JSON-RPC message per line on its stdin and stdout."""

    def __init__(self, command: str, args: list[str], env: dict[str, str] | None) -> None:
        full_env = dict(os.environ)
        full_env.update(env or {})
        self._process = subprocess.Popen(
            [command, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=full_env,
        )
        self._next_id = 0
        self._lock = threading.Lock()
        self._waiting: dict[int, tuple[threading.Event, list[Any]]] = {}
        self._closed = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _send(self, message: dict[str, Any]) -> None:
        line = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        assert self._process.stdin is not None
        self._process.stdin.write(line)
        self._process.stdin.flush()

    def _read(self) -> None:
        assert self._process.stdout is not None
        for raw in self._process.stdout:
            try:
                message = json.loads(raw)
            except ValueError:
                continue
            if "method" in message and "id" in message:
                # A request from the server; this host offers nothing but ping.
                reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
                if message["method"] == "ping":
                    reply["result"] = {}
                else:
                    reply["error"] = {"code": -32601, "message": f"method not found: {message['method']}"}
                try:
                    with self._lock:
                        self._send(reply)
                except OSError:
                    pass
                continue
            if "id" in message:
                with self._lock:
                    waiter = self._waiting.pop(message["id"], None)
                if waiter:
                    waiter[1].append(message)
                    waiter[0].set()
        # The process ended: wake every waiter with nothing.
        with self._lock:
            self._closed = True
            waiters = list(self._waiting.values())
            self._waiting.clear()
        for event, _ in waiters:
            event.set()

    def request(self, method: str, params: dict[str, Any]) -> Any:
        event = threading.Event()
        box: list[Any] = []
        with self._lock:
            if self._closed:
                raise McpError("the server process has exited")
            self._next_id += 1
            request_id = self._next_id
            self._waiting[request_id] = (event, box)
            try:
                self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
            except OSError as error:
                self._waiting.pop(request_id, None)
                raise McpError(f"could not write to the server process: {error}") from error
        if not event.wait(REQUEST_TIMEOUT_S):
            with self._lock:
                self._waiting.pop(request_id, None)
            raise McpError(f"{method} timed out after {REQUEST_TIMEOUT_S:.0f} s")
        if not box:
            raise McpError("the server process exited before answering")
        return _result_of(box[0], method)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        with self._lock:
            self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        try:
            if self._process.stdin:
                self._process.stdin.close()
        except OSError:
            pass
        try:
            self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


class HttpConnection:
    """A Streamable HTTP MCP server: one POST per message; the answer is JSON or an SSE stream."""

    def __init__(self, url: str, cafile: str | None = None, headers: dict[str, str] | None = None) -> None:
        self._url = urllib.parse.urlsplit(url)
        # The operator's headers for this server (an Authorization per account) go with every request.
        self._configured = dict(headers or {})
        # https: the system's trust store, or only the CA the operator named for these servers.
        self._context = ssl.create_default_context(cafile=cafile) if cafile else None
        if self._url.scheme not in ("http", "https"):
            raise McpError(f"not an http(s) URL: {url}")
        self._session_id: str | None = None
        self._protocol: str | None = None
        self._next_id = 0

    def _connection(self) -> http.client.HTTPConnection:
        host = self._url.hostname or "127.0.0.1"
        if self._url.scheme == "https":
            return http.client.HTTPSConnection(host, self._url.port, timeout=REQUEST_TIMEOUT_S, context=self._context)
        return http.client.HTTPConnection(host, self._url.port, timeout=REQUEST_TIMEOUT_S)

    def _path(self) -> str:
        return self._url.path + (f"?{self._url.query}" if self._url.query else "")

    def _headers(self) -> dict[str, str]:
        headers = {**self._configured, "content-type": "application/json", "accept": "application/json, text/event-stream"}
        if self._session_id:
            headers["mcp-session-id"] = self._session_id
        if self._protocol:
            headers["mcp-protocol-version"] = self._protocol
        return headers

    def _post(self, message: dict[str, Any]) -> dict[str, Any] | None:
        connection = self._connection()
        try:
            connection.request("POST", self._path(), body=json.dumps(message).encode("utf-8"), headers=self._headers())
            response = connection.getresponse()
            session = response.getheader("mcp-session-id")
            if session:
                self._session_id = session
            if response.status == 202:
                response.read()
                return None
            if response.status >= 400:
                body = response.read().decode("utf-8", "replace")
                raise McpError(f"HTTP {response.status}: {body[:200]}")
            kind = (response.getheader("content-type") or "").split(";")[0].strip().lower()
            if kind == "text/event-stream":
                return _answer_from_events(response, message.get("id"))
            body = response.read()
            return json.loads(body) if body.strip() else None
        except (OSError, http.client.HTTPException, ValueError) as error:
            raise McpError(f"HTTP request failed: {error}") from error
        finally:
            connection.close()

    def request(self, method: str, params: dict[str, Any]) -> Any:
        self._next_id += 1
        answer = self._post({"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params})
        if answer is None:
            raise McpError(f"{method}: the server sent no answer")
        result = _result_of(answer, method)
        if method == "initialize" and isinstance(result, dict):
            self._protocol = result.get("protocolVersion")
        return result

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self._post({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        if not self._session_id:
            return
        connection = self._connection()
        try:
            connection.request("DELETE", self._path(), headers=self._headers())
            connection.getresponse().read()
        except (OSError, http.client.HTTPException):
            pass
        finally:
            connection.close()


def _answer_from_events(response: http.client.HTTPResponse, request_id: Any) -> dict[str, Any] | None:
    """Reads an SSE stream until the JSON-RPC response to `request_id` arrives."""
    data: list[str] = []
    while True:
        raw = response.readline()
        if not raw:
            return None
        line = raw.decode("utf-8").rstrip("\r\n")
        if line.startswith("data:"):
            data.append(line[5:].lstrip(" ") if line[5:6] == " " else line[5:])
        elif line == "" and data:
            payload = "\n".join(data)
            data = []
            try:
                message = json.loads(payload)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("id") == request_id and ("result" in message or "error" in message):
                return message


def _result_of(message: dict[str, Any], method: str) -> Any:
    if "error" in message:
        error = message["error"] or {}
        raise McpError(f"{method} answered error {error.get('code')}: {error.get('message')}")
    return message.get("result")


# ---------------------------------------------------------------------------------------------------------
# The host.


@dataclass
class Route:
    """One shown name and where a call of it goes: the visible name kept beside the server's own."""

    name: str
    server: str
    tool: dict[str, Any]


@dataclass
class LoadedServer:
    key: str
    connection: Any
    tools: list[dict[str, Any]]


@dataclass
class Session:
    servers: list[LoadedServer] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)


def qualified_name(key: str, tool: str) -> str:
    """The one place a visible name is built (ADR-0112 D1)."""
    return f"mcp__{key}__{tool}"


def _refused_chars(text: str) -> str:
    bad: list[str] = []
    for ch in text:
        if not PROVIDER_CHARS.match(ch) and json.dumps(ch) not in bad:
            bad.append(json.dumps(ch))
    return ", ".join(bad)


def refuse_key(key: str) -> str | None:
    """Why `key` cannot label tools injectively (with the remedy), or None."""
    remedy = "load the server under another configuration key"
    if key == "":
        return f"its configuration key is empty, so its tools would have no label; {remedy}"
    if "__" in key:
        return f'its configuration key {json.dumps(key)} contains "__", the separator of mcp__{{key}}__{{tool}}; {remedy} without "__"'
    if key.endswith("_"):
        return f'its configuration key {json.dumps(key)} ends in "_", so its names could equal another key\'s; {remedy} that does not end in "_"'
    bad = _refused_chars(key)
    if bad:
        return f"its configuration key {json.dumps(key)} contains characters a model provider refuses ({bad}); {remedy}"
    return None


def refuse_name(name: str, tool: str) -> str | None:
    """Why a visible name cannot be shown to a model, or None."""
    shown = f"tool {json.dumps(tool)} would be shown as {json.dumps(name)}"
    if tool == "":
        return f"{shown}, but the tool's own name is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"{shown}, {len(name)} characters, over the limit of {MAX_NAME_LENGTH}"
    bad = _refused_chars(name)
    if bad:
        return f"{shown}, which contains characters a model provider refuses ({bad})"
    return None


def not_loaded(tools: list[Any]) -> str:
    """The tail of a refused list's error: every tool the server advertised, so none goes missing unnamed."""
    named = [tool["name"] for tool in tools if isinstance(tool, dict) and isinstance(tool.get("name"), str)]
    return f"; not loaded: {', '.join(json.dumps(name) for name in named)}" if named else ""


class McpHost:
    """Opens sessions over configured servers and routes calls by shown name."""

    def __init__(self) -> None:
        self._sessions: dict[str, Session] = {}
        self._opened = 0

    # -- loading ------------------------------------------------------------------------------------------

    def _load(self, config: dict[str, Any], cafile: str | None) -> LoadedServer:
        transport = config["transport"]
        if transport["type"] == "stdio":
            connection: Any = StdioConnection(transport["command"], list(transport.get("args", [])), transport.get("env"))
        elif transport["type"] == "http":
            connection = HttpConnection(transport["url"], cafile, transport.get("headers"))
        else:
            raise McpError(f"transport {transport['type']!r} is not supported")
        try:
            connection.request("initialize", {"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": CLIENT_INFO})
            connection.notify("notifications/initialized", {})
            tools: list[dict[str, Any]] = []
            cursor = None
            seen: set[str] = set()
            while True:
                # An empty cursor is a cursor (MCP 2026-07-28): only an absent one ends the list.
                page = connection.request("tools/list", {"cursor": cursor} if cursor is not None else {})
                tools.extend(page.get("tools", []))
                cursor = page.get("nextCursor")
                if cursor is None:
                    break
                if cursor in seen:
                    raise McpError(f"tools/list repeated cursor {json.dumps(cursor)}")
                seen.add(cursor)
            # A malformed list is the server's failure to load, told as such (MCP: every tool has a string
            # name and an object inputSchema); a tool kept anyway would be shown with a schema no model takes.
            for tool in tools:
                if not isinstance(tool, dict) or not isinstance(tool.get("name"), str) or not tool["name"]:
                    raise McpError(f"tools/list holds a tool without a name: {json.dumps(tool)[:200]}{not_loaded(tools)}")
                if not isinstance(tool.get("inputSchema"), dict):
                    raise McpError(f"tools/list holds tool {json.dumps(tool['name'])} whose inputSchema is not an object{not_loaded(tools)}")
            return LoadedServer(config["key"], connection, tools)
        except BaseException:
            connection.close()
            raise

    def open(self, servers: list[dict[str, Any]], cafile: str | None = None) -> dict[str, Any]:
        registered: dict[str, list[str]] = {server["key"]: [] for server in servers}
        errors: list[tuple[int, dict[str, str]]] = []
        loaded: list[tuple[int, LoadedServer]] = []
        # Parallel loading; registration below replays in configuration order (ADR-0112 P2).
        with ThreadPoolExecutor(max_workers=max(1, len(servers))) as pool:
            futures = [pool.submit(self._load, server, cafile) for server in servers]
            for index, (server, future) in enumerate(zip(servers, futures)):
                try:
                    loaded.append((index, future.result()))
                except Exception as error:  # noqa: BLE001 - any failure to load is that server's error
                    message = f"server {json.dumps(server['key'])} could not be loaded (connect, initialize or tools/list failed): {error}"
                    errors.append((index, {"server": server["key"], "message": message}))

        # Plan every server's routes before registering any, so no server wins by answering first.
        plans: list[tuple[int, LoadedServer, list[Route], list[str]]] = []
        for index, server in loaded:
            problems: list[str] = []
            routes: list[Route] = []
            key_problem = refuse_key(server.key)
            if key_problem:
                problems.append(key_problem)
            else:
                for tool in server.tools:
                    wire = str(tool.get("name", ""))
                    name = qualified_name(server.key, wire)
                    problem = refuse_name(name, wire)
                    if problem:
                        problems.append(problem)
                    else:
                        routes.append(Route(name, server.key, tool))
            plans.append((index, server, routes, problems))

        # Defense in depth behind the injective naming: a name claimed twice fails every claimant.
        claims: dict[str, list[int]] = {}
        for plan_index, (_, _, routes, problems) in enumerate(plans):
            if problems:
                continue
            for route in routes:
                claims.setdefault(route.name, []).append(plan_index)
        for name, claimants in claims.items():
            if len(claimants) < 2:
                continue
            for plan_index in set(claimants):
                others = sorted({json.dumps(plans[other][1].key) for other in claimants if other != plan_index})
                plans[plan_index][3].append(
                    f"the name {json.dumps(name)} would also be shown for server {', '.join(others)}" if others
                    else f"the name {json.dumps(name)} would be shown for two of its own tools")

        session = Session()
        for index, server, routes, problems in plans:
            session.servers.append(server)
            if problems:
                missing = sorted({str(tool.get("name", "")) for tool in server.tools})
                message = (f"server {json.dumps(server.key)} advertised {len(server.tools)} tool(s) but none were registered: "
                           + "; ".join(problems))
                if missing:
                    message += "; missing: " + ", ".join(json.dumps(name) for name in missing)
                errors.append((index, {"server": server.key, "message": message}))
                continue
            session.routes.extend(routes)
            registered[server.key] = [route.name for route in routes]

        self._opened += 1
        session_id = f"s{self._opened}"
        self._sessions[session_id] = session
        errors.sort(key=lambda pair: pair[0])
        return {"session": session_id, "outcome": {"registered": registered, "errors": [e for _, e in errors]}, "diagnostics": []}

    # -- what the model sees, and calls -------------------------------------------------------------------

    def tools(self, session_id: str) -> list[dict[str, Any]]:
        shown = []
        for route in self._session(session_id).routes:
            entry: dict[str, Any] = {"name": route.name, "inputSchema": route.tool.get("inputSchema", {"type": "object"})}
            if "description" in route.tool:
                entry["description"] = route.tool["description"]
            shown.append(entry)
        return shown

    def call(self, session_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        session = self._session(session_id)
        route = next((r for r in session.routes if r.name == name), None)
        if route is None:
            return {"ok": False, "error": {"message": f"no tool named {json.dumps(name)} is shown; no server was called"}}
        server = next(s for s in session.servers if s.key == route.server)
        wire = str(route.tool.get("name", ""))
        try:
            result = server.connection.request("tools/call", {"name": wire, "arguments": arguments})
        except McpError as error:
            return {"ok": False, "error": {"message": f"server {json.dumps(route.server)} failed the call of tool {json.dumps(wire)}: {error}"}}
        content = result.get("content", []) if isinstance(result, dict) else []
        if isinstance(result, dict) and result.get("isError"):
            text = " ".join(str(block.get("text", "")) for block in content if isinstance(block, dict))
            return {"ok": False, "error": {"message": f"server {json.dumps(route.server)} answered an error for tool {json.dumps(wire)}: {text}"}}
        return {"ok": True, "content": content}

    def close(self, session_id: str) -> None:
        session = self._sessions.pop(session_id, None)
        for server in session.servers if session else []:
            server.connection.close()

    def shutdown(self) -> None:
        for session_id in list(self._sessions):
            self.close(session_id)

    def _session(self, session_id: str) -> Session:
        session = self._sessions.get(session_id)
        if session is None:
            raise KeyError(f"unknown session {json.dumps(session_id)}")
        return session
