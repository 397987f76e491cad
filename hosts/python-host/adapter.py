#!/usr/bin/env python3
"""HAP/1 adapter for the Python MCP host in mcp_host.py, on mcp-collide's Python kit
(harness/kit/python/mcp_collide_hap: the JSON-RPC loop and the message types; standard library only).
It stays synchronous on purpose, the smallest example; hosts/fastmcp/adapter.py is one on the async kit.

    npx mcp-collide run -- python3 hosts/python-host/adapter.py

Each method hands the harness's request to the host and returns what the host did. What the host does
(refuses a server, rejects a call) is a result; an exception here is the adapter breaking (ERROR).
"""

from __future__ import annotations

import os
import sys
from typing import Any

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree
here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..", "..", "harness", "kit", "python")]

import mcp_collide_hap as hap  # noqa: E402
from mcp_host import McpHost  # noqa: E402


class PythonHostAdapter(hap.Adapter):
    def __init__(self) -> None:
        self.host = McpHost()

    def initialize(self) -> hap.InitializeResult:
        # Only what the host really does: no refresh, no local tools, no pins. It follows ADR-0112's names.
        return hap.initialize_result("mcp-collide python-host", "0.1.0", profile="adr-0112", httpHeaders=True)

    def open(self, servers: list[hap.ServerConfig], local_tools: list[hap.LocalTool], tls: hap.Tls | None = None) -> hap.OpenResult:
        # `tls` only when the run serves https (`mcp-collide run --https`): trust its CA for these servers.
        return self.host.open(servers, tls["caFile"] if tls else None)  # type: ignore[arg-type, return-value]

    def tools(self, session: str) -> list[hap.VisibleTool]:
        return self.host.tools(session)  # type: ignore[return-value]

    def call(self, session: str, name: str, arguments: dict[str, Any]) -> hap.CallResult:
        return self.host.call(session, name, arguments)

    def close(self, session: str) -> None:
        self.host.close(session)

    def shutdown(self) -> None:
        self.host.shutdown()


if __name__ == "__main__":
    sys.exit(hap.serve(PythonHostAdapter()))
