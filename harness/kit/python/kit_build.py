"""A PEP 517 build backend for the kit, standard library only: it writes the wheel of mcp_collide_hap/ (the
package's .py files and py.typed) with its dist-info. pip uses it through pyproject.toml's backend-path, so
``pip install --no-index --no-build-isolation`` works in a fresh venv that has no setuptools or wheel."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import zipfile
from typing import Any, Dict, List, Optional, Tuple

NAME = "mcp_collide_hap"
DIST = "mcp_collide_hap"
HERE = os.path.dirname(os.path.abspath(__file__))


def _version() -> str:
    with open(os.path.join(HERE, NAME, "__init__.py"), encoding="utf-8") as file:
        match = re.search(r'^__version__ = "([^"]+)"', file.read(), re.M)
    if match is None:
        raise RuntimeError("mcp_collide_hap/__init__.py has no __version__")
    return match.group(1)


def _metadata() -> str:
    return (f"Metadata-Version: 2.1\nName: mcp-collide-hap\nVersion: {_version()}\n"
            "Summary: HAP/1 kit for mcp-collide adapters: serve an MCP host to the mcp-collide conformance harness\n"
            "License: MIT\nRequires-Python: >=3.8\n")


def _files() -> List[Tuple[str, bytes]]:
    package = os.path.join(HERE, NAME)
    names = sorted(name for name in os.listdir(package) if name.endswith(".py") or name == "py.typed")
    result = []
    for name in names:
        with open(os.path.join(package, name), "rb") as file:
            result.append((f"{NAME}/{name}", file.read()))
    return result


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None, metadata_directory: Optional[str] = None) -> str:
    version = _version()
    info = f"{DIST}-{version}.dist-info"
    filename = f"{DIST}-{version}-py3-none-any.whl"
    entries = _files() + [(f"{info}/METADATA", _metadata().encode()),
                (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: mcp-collide kit_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n")]
    record = "\n".join([_record_line(path, data) for path, data in entries] + [f"{info}/RECORD,,", ""])
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries + [(f"{info}/RECORD", record.encode())]:
            wheel.writestr(path, data)
    return filename

