"""An adapter on the async kit whose host, like anyio's task groups, may only be left in the task that entered
it: open enters a context that refuses to exit in another task (anyio's "Attempted to exit cancel scope in a
different task"), and close leaves it. Calls say which task ran them, a call of "die" cancels the session's
task, and shutdown prints what it saw, so the test can check each session's requests ran in one task."""

import asyncio
import contextlib
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import mcp_collide_hap as hap  # noqa: E402
from mcp_collide_hap.aio import AsyncHostAdapter, serve_async  # noqa: E402


@contextlib.asynccontextmanager
async def task_bound(name):
    entered = asyncio.current_task()
    try:
        yield
    finally:
        if asyncio.current_task() is not entered:
            raise RuntimeError(f"{name} left in another task than the one that entered it")
        print(f"host: {name} left in its own task", file=sys.stderr)


class TaskBoundAdapter(AsyncHostAdapter):
    def __init__(self):
        self.stacks = {}
        self.tasks = {}
        self.opened = 0

    async def initialize(self):
        return hap.initialize_result("task-bound", "1", transports=["stdio"])

    async def open(self, servers, local_tools, tls=None, keep_deferred=False):
        self.opened += 1
        session = f"s{self.opened}"
        stack = contextlib.AsyncExitStack()
        await stack.enter_async_context(task_bound(session))
        self.stacks[session] = stack
        self.tasks[session] = id(asyncio.current_task())
        diagnostics = [{"level": "info", "message": f"tls {tls['caFile']}"}] if tls else []
        if keep_deferred:
            diagnostics.append({"level": "info", "message": "keep deferred"})
        return hap.open_result(session, {server["key"]: [] for server in servers}, diagnostics=diagnostics)

    async def tools(self, session):
        return [{"name": f"same-task-{id(asyncio.current_task()) == self.tasks[session]}"}]

    async def call(self, session, name, arguments, namespace=None):
        if name == "die":
            asyncio.current_task().cancel()
            await asyncio.sleep(0)
        if name == "explode":
            raise RuntimeError("the adapter itself broke")
        await asyncio.sleep(0.01)
        return hap.refused(f"no tool named {name}" + (f" in {namespace}" if namespace else ""))

    async def close(self, session):
        await self.stacks.pop(session).aclose()

    async def shutdown(self):
        print(f"host: shutdown with {len(self.stacks)} session(s) left open", file=sys.stderr)


if __name__ == "__main__":
    serve_async(TaskBoundAdapter())
