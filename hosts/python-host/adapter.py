#!/usr/bin/env python3
"""HAP/1 adapter for the Python MCP host in mcp_host.py: JSON-RPC 2.0, one message per line on stdin and
stdout (the same framing as MCP's stdio transport). stdout carries HAP/1 only; logs go to stderr.

    npx mcp-collide run -- python3 hosts/python-host/adapter.py

What the host does (refuses a server, rejects a call) is a result. A JSON-RPC error answer means the adapter
itself broke (an unknown method, bad params, an exception): the harness counts it as ERROR, never a verdict.
Standard library only.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import Any, Callable

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mcp_host import McpHost  # noqa: E402

HOST_NAME = "mcp-collide python-host"
HOST_VERSION = "0.1.0"


class BadParams(Exception):
    """The harness sent params this adapter cannot use: a JSON-RPC error (-32602)."""


def _need(params: dict[str, Any], name: str, kind: type) -> Any:
    value = params.get(name)
    if not isinstance(value, kind):
        raise BadParams(f"params.{name} must be a {kind.__name__}")
    return value


def main() -> int:
    host = McpHost()

    def initialize(params: dict[str, Any]) -> dict[str, Any]:
        return {
            "protocolVersion": "1",
            "host": {"name": HOST_NAME, "version": HOST_VERSION},
            "transports": ["stdio", "http"],
            # Only what the host really does: no refresh, no local tools, no pins. It follows ADR-0112's names.
            "capabilities": {"profile": "adr-0112"},
        }

    def session_open(params: dict[str, Any]) -> dict[str, Any]:
        servers = _need(params, "servers", list)
        for server in servers:
            if not isinstance(server, dict) or not isinstance(server.get("key"), str) or not isinstance(server.get("transport"), dict):
                raise BadParams("each server needs a string key and a transport object")
        return host.open(servers)

    def session_tools(params: dict[str, Any]) -> dict[str, Any]:
        return {"tools": host.tools(_need(params, "session", str))}

    def session_call(params: dict[str, Any]) -> dict[str, Any]:
        arguments = params.get("arguments", {})
        if not isinstance(arguments, dict):
            raise BadParams("params.arguments must be an object")
        return host.call(_need(params, "session", str), _need(params, "name", str), arguments)

    def session_close(params: dict[str, Any]) -> dict[str, Any]:
        host.close(_need(params, "session", str))
        return {}

    def shutdown(params: dict[str, Any]) -> dict[str, Any]:
        host.shutdown()
        return {}

    handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
        "initialize": initialize,
        "session/open": session_open,
        "session/tools": session_tools,
        "session/call": session_call,
        "session/close": session_close,
        "shutdown": shutdown,
    }

    def reply(message: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        if not line.strip():
            continue
        request_id: Any = None
        try:
            request = json.loads(line)
            if not isinstance(request, dict) or request.get("jsonrpc") != "2.0" or "method" not in request:
                reply({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "not a JSON-RPC 2.0 request"}})
                continue
            request_id = request.get("id")
            handler = handlers.get(request["method"])
            if handler is None:
                reply({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": f"unknown method {request['method']}"}})
                continue
            params = request.get("params") or {}
            if not isinstance(params, dict):
                raise BadParams("params must be an object")
            reply({"jsonrpc": "2.0", "id": request_id, "result": handler(params)})
            if request["method"] == "shutdown":
                return 0
        except BadParams as error:
            reply({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": str(error)}})
        except Exception as error:  # noqa: BLE001 - the adapter broke: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            reply({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32603, "message": f"{type(error).__name__}: {error}"}})
    # stdin ended without shutdown: close every server so no process outlives the adapter.
    host.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
