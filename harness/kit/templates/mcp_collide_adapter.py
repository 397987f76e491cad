#!/usr/bin/env python3
"""A HAP/1 adapter: the program mcp-collide starts to drive an MCP host through the host's own API, so it can
judge how the host merges tools from several MCP servers. Written by ``mcp-collide init --lang python``; the
protocol is docs/hap-1.md in the mcp-collide package, the loop and the message types are in the kit
mcp_collide_hap/ beside this file (standard library only; or ``pip install`` it from
node_modules/mcp-collide/harness/kit/python).

It is asyncio, as almost every Python host is: each HAP session runs in one task of its own, so what ``open``
enters (``async with`` your host's client, an anyio task group) ``close`` leaves in the same task.

    npx mcp-collide check-adapter -- python3 __FILE__   # seconds: is the protocol right?
    npx mcp-collide run -- python3 __FILE__             # the clause catalogue, a report

The part below "THE PLACEHOLDER HOST" is a tiny host, so this file runs as it is: it spawns each server (stdio
only), shows every tool as mcp__{key}__{tool}, and refuses a server whose names a model provider would
reject. Replace it with your host: each place to wire yours says WIRE. What your host does (refuses a server,
rejects a call) is a result to return, never an exception: an exception here means the adapter broke, and
the harness scores it ERROR.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from typing import Any, Dict, List, Optional

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mcp_collide_hap as hap  # noqa: E402
from mcp_collide_hap.aio import AsyncHostAdapter, serve_async  # noqa: E402

# ---- THE PLACEHOLDER HOST (replace with yours) ------------------------------------------------------------

PROVIDER_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class StdioServer:
    """One MCP server the placeholder host spawns: newline-delimited JSON-RPC, one request at a time."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.last_id = 0

    @classmethod
    async def start(cls, transport: hap.Transport) -> "StdioServer":
        env = dict(os.environ)
        env.update(transport.get("env") or {})
        process = await asyncio.create_subprocess_exec(
            transport["command"], *transport.get("args", []), env=env, limit=2**25,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
        server = cls(process)
        try:
            await server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                                "clientInfo": {"name": "placeholder-host", "version": "0.0.0"}})
            await server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        except BaseException:
            await server.close()
            raise
        return server

    async def send(self, message: Dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        await self.process.stdin.drain()

    async def request(self, method: str, params: Dict[str, Any]) -> Any:
        self.last_id += 1
        await self.send({"jsonrpc": "2.0", "id": self.last_id, "method": method, "params": params})
        assert self.process.stdout is not None
        while True:
            line = await self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            message = json.loads(line)
            if message.get("id") == self.last_id and "method" not in message:
                if "error" in message:
                    raise RuntimeError(message["error"].get("message", "error"))
                return message["result"]

    async def close(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


# ---- THE ADAPTER ------------------------------------------------------------------------------------------


class PlaceholderAdapter(AsyncHostAdapter):
    def __init__(self) -> None:
        self.sessions: Dict[str, Dict[str, Any]] = {}
        self.opened = 0

    async def initialize(self) -> hap.InitializeResult:
        # WIRE: your host's name and version, the server transports it can load, and only the capabilities
        # it really has (refresh, listChanged, localTools, registerLocal, requestSchemas, pins, allowDeny, profile;
        # deferredTools={"searchTool": ..., "above": ...} for a host that offers its model a search tool in place of some tools).
        # A host that merges its servers' prompts and resources also declares prompts and resources (and
        # resourceTemplates, promptsListChanged, resourcesListChanged) and implements prompts / get_prompt and
        # resources / read_resource: see "Prompts and resources" in docs/hap-1.md.
        return hap.initialize_result("placeholder-host", "0.0.0", transports=["stdio"])

    async def open(self, servers: List[hap.ServerConfig], local_tools: List[hap.LocalTool], tls: Optional[hap.Tls] = None) -> hap.OpenResult:
        # WIRE: configure your host with `servers`, in this order, each under its "key" (the name in an
        # mcpServers file), and load them the way your host does. `registered` must hold every key, [] when a
        # server registered nothing; give an error's server only where your host said which server. `tls` comes
        # only when the run serves https (`mcp-collide run --https`): trust tls["caFile"] for those servers.
        self.opened += 1
        session_id = f"s{self.opened}"
        session: Dict[str, Any] = {"servers": [], "routes": {}}
        self.sessions[session_id] = session
        registered: Dict[str, List[str]] = {server["key"]: [] for server in servers}
        errors: List[hap.HostError] = []
        for server in servers:
            key = server["key"]
            try:
                loaded = await StdioServer.start(server["transport"])
                session["servers"].append(loaded)
                tools = (await loaded.request("tools/list", {})).get("tools", [])
            except Exception as error:  # noqa: BLE001 - a server that cannot be loaded is that server's error
                errors.append(hap.host_error(f"server {json.dumps(key)} could not be loaded: {error}", server=key))
                continue
            names = [f"mcp__{key}__{tool.get('name', '')}" for tool in tools]
            refused = [name for at, name in enumerate(names)
                       if not PROVIDER_NAME.match(name) or name in session["routes"] or name in names[:at]]
            if refused:
                errors.append(hap.host_error(f"server {json.dumps(key)} was not registered: names refused: {', '.join(refused)}", server=key))
                continue
            for name, tool in zip(names, tools):
                session["routes"][name] = (loaded, tool)
            registered[key] = names
        return hap.open_result(session_id, registered, errors)

    async def tools(self, session: str) -> List[hap.VisibleTool]:
        # WIRE: exactly the tool list your host would hand a model now, in its order, descriptions as they came, each
        # input schema as the model gets it; a host that defers tools marks those its model reaches only through
        # its search tool "deferred": True (docs/hap-1.md, "Deferred tools").
        shown: List[hap.VisibleTool] = []
        for name, (_, tool) in self._session(session)["routes"].items():
            entry: hap.VisibleTool = {"name": name, "inputSchema": tool.get("inputSchema", {"type": "object"})}
            if "description" in tool:
                entry["description"] = tool["description"]
            shown.append(entry)
        return shown

    async def call(self, session: str, name: str, arguments: Dict[str, Any]) -> hap.CallResult:
        # WIRE: call the tool the way your host's agent loop does when a model asks for `name`.
        route = self._session(session)["routes"].get(name)
        if route is None:
            return hap.refused(f"no tool named {json.dumps(name)} is shown")
        server, tool = route
        try:
            result = await server.request("tools/call", {"name": tool.get("name", ""), "arguments": arguments})
        except Exception as error:  # noqa: BLE001 - a failed call is a result
            return hap.refused(str(error))
        if result.get("isError"):
            return hap.refused(json.dumps(result.get("content", [])))
        return hap.ok(result.get("content", []))

    async def close(self, session: str) -> None:
        # WIRE: release what the session holds (this runs in the task that ran its open); no server process
        # may outlive it. The kit closes every session still open before shutdown.
        for server in self.sessions.pop(session, {"servers": []})["servers"]:
            await server.close()

    def _session(self, session: str) -> Dict[str, Any]:
        if session not in self.sessions:
            raise KeyError(f"unknown session {json.dumps(session)}")
        return self.sessions[session]


if __name__ == "__main__":
    serve_async(PlaceholderAdapter())
