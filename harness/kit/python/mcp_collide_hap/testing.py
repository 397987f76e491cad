"""Run mcp-collide on an adapter from a test, and assert on its report: plain functions, no pytest import.

    from mcp_collide_hap.testing import run_harness, assert_verdicts

    def test_my_host_merges_tools_safely():
        report = run_harness(["python3", "my_adapter.py"], runs=5, seed=1)
        assert_verdicts(report, expected={"names/injective": "fail"})  # a known failure, pinned

``run_harness`` starts ``mcp-collide run`` (``npx --no mcp-collide`` unless ``cli`` or the environment
variable ``MCP_COLLIDE_CLI`` says otherwise), lets it write its report into a temporary folder, and returns
report.json as a dict; a run that broke (exit code 2, no report) raises :class:`HarnessBroke` with the
harness's output. ``assert_verdicts`` raises ``AssertionError`` naming every clause whose verdict is not
the one expected.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import tempfile
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence

__all__ = ["HarnessBroke", "run_harness", "assert_verdicts"]


class HarnessBroke(Exception):
    """``mcp-collide run`` broke instead of judging (exit code 2, or no report.json): the adapter never
    started, a flag was wrong. The message carries the harness's stdout and stderr."""


def _cli(cli: Optional[Sequence[str]]) -> List[str]:
    if cli is not None:
        return list(cli)
    configured = os.environ.get("MCP_COLLIDE_CLI")
    return shlex.split(configured) if configured else ["npx", "--no", "mcp-collide"]


def run_harness(adapter: Sequence[str], *, runs: Optional[int] = None, seed: Optional[int] = None,
                clauses: Iterable[str] = (), args: Iterable[str] = (), cli: Optional[Sequence[str]] = None,
                cwd: Optional[str] = None, timeout: Optional[float] = 600) -> Dict[str, Any]:
    """Runs ``mcp-collide run [options] -- *adapter`` and returns its report.json.

    ``clauses`` limits the run (``--clause``, repeatable), ``args`` passes any other run option as given
    (``["--transport", "stdio"]``), ``cwd`` is where the adapter command is run from, ``timeout`` bounds the
    whole run in seconds. Exit code 1 (a clause failed) is a report like any other: judge it.
    """
    command = _cli(cli) + ["run"]
    if runs is not None:
        command += ["--runs", str(runs)]
    if seed is not None:
        command += ["--seed", str(seed)]
    for clause in clauses:
        command += ["--clause", clause]
    command += list(args)
    with tempfile.TemporaryDirectory(prefix="mcp-collide-pytest-") as out:
        command += ["--out", out, "--", *adapter]
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        report = os.path.join(out, "report.json")
        if result.returncode == 2 or not os.path.exists(report):
            raise HarnessBroke(f"{shlex.join(command)} exited {result.returncode} without judging:\n{result.stdout}\n{result.stderr}")
        with open(report, encoding="utf-8") as file:
            return json.load(file)


def assert_verdicts(report: Mapping[str, Any], expected: Optional[Mapping[str, str]] = None,
                    allowed: Iterable[str] = ("pass", "not-applicable")) -> None:
    """Every clause in ``expected`` has that status (``"fail"``, ``"warn"``, ...) and every other clause has
    one of ``allowed``; otherwise raises ``AssertionError`` listing each clause that differs, with the
    report's reason. A clause named in ``expected`` but absent from the report differs too."""
    expected = dict(expected or {})
    allowed = set(allowed)
    wrong: List[str] = []
    seen = set()
    for clause in report.get("clauses", []):
        seen.add(clause["id"])
        want = expected.get(clause["id"])
        if (want is not None and clause["status"] != want) or (want is None and clause["status"] not in allowed):
            wanted = want if want is not None else " or ".join(sorted(allowed))
            wrong.append(f"{clause['id']}: {clause['status']} (wanted {wanted}): {clause.get('reason', '')}")
    wrong += [f"{clause}: not in the report (wanted {status})" for clause, status in expected.items() if clause not in seen]
    if wrong:
        host = report.get("host", {})
        raise AssertionError(f"{host.get('name', 'the host')}: {len(wrong)} verdict(s) not as expected:\n" + "\n".join(wrong))
