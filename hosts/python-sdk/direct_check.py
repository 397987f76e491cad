#!/usr/bin/env python3
"""One case of hosts/python-sdk/direct-check.ts: drives ``ClientSessionGroup`` as its docstring shows, with no
harness and no adapter, against the fake servers whose URLs argv[2] gives (a JSON object, key -> URL, in
configuration order), and prints what it saw, one ``label: value`` fact per line.

    hosts/python-sdk/.venv/bin/python hosts/python-sdk/direct_check.py CASE '{"alpha": "http://127.0.0.1:..."}'
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any, Dict, List

from mcp.client.session_group import ClientSessionGroup, StreamableHttpParameters


def fact(label: str, value: Any) -> None:
    print(f"{label}: {json.dumps(value)}", flush=True)


def described(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def docstring_hook(name: str, server_info: Any) -> str:
    return f"{(server_info.name)}_{name}"


async def connect_all(group: ClientSessionGroup, urls: Dict[str, str]) -> List[str]:
    """Connects each server in order, catching an Exception per server (a careful application); a CancelledError is no Exception."""
    connected = []
    for key, url in urls.items():
        try:
            await group.connect_to_server(StreamableHttpParameters(url=url))
            connected.append(key)
            fact(f"connect {key}", {"tools now": list(group.tools)})
        except Exception as error:  # noqa: BLE001
            fact(f"connect {key} raised", described(error))
        except BaseException as error:  # a CancelledError: the application cannot go on, so it is told and passed on
            fact(f"connect {key} raised (not an Exception)", described(error))
            raise
    return connected


async def call(group: ClientSessionGroup, name: str) -> Any:
    try:
        result = await group.call_tool(name, {"probe": "x"})
        return {"isError": result.is_error, "text": [block.text for block in result.content if hasattr(block, "text")]}
    except Exception as error:  # noqa: BLE001
        return {"raised": described(error)}
    except BaseException as error:
        fact(f"call {name} raised (not an Exception)", described(error))
        raise


async def main(case: str, urls: Dict[str, str]) -> None:
    hook = docstring_hook if case.endswith("-hook") else None
    try:
        async with ClientSessionGroup(component_name_hook=hook) as group:
            connected = await connect_all(group, urls)
            fact("connected", connected)
            fact("group.tools", list(group.tools))
            for name in list(group.tools):
                fact(f"call {name}", await call(group, name))
            if case.startswith("drop"):
                fact("after the drop: group.tools", list(group.tools))
                for name in list(group.tools):
                    fact(f"call {name} again", await call(group, name))
    except BaseException as error:  # noqa: BLE001 - what reached the application's task, CancelledError included
        fact("the application's task got", described(error))
        if isinstance(error, BaseExceptionGroup):
            fact("its sub-exceptions", [described(inner) for inner in error.exceptions])
        if error.__context__ is not None:
            fact("while handling", described(error.__context__))


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))
    except BaseException as error:  # noqa: BLE001
        fact("asyncio.run raised", type(error).__name__)
