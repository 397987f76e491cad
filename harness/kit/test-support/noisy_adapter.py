"""An adapter on the Python kit whose host is noisy: it prints to stdout and starts a child process that
writes to its inherited stdout, on every request. The kit must keep every such line off the protocol."""

import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import mcp_collide_hap as hap  # noqa: E402


def noise(what: str) -> None:
    print(f"host: {what}")
    subprocess.run(["echo", f"child of {what}"], check=True)


class NoisyAdapter(hap.Adapter):
    def initialize(self):
        noise("initialize")
        return hap.initialize_result("noisy", "1", transports=["stdio"])

    def open(self, servers, local_tools):
        noise("open")
        return hap.open_result("s1", {server["key"]: [] for server in servers})

    def tools(self, session):
        return []

    def call(self, session, name, arguments, namespace=None):
        if name == "explode":
            raise RuntimeError("the adapter itself broke")
        return hap.refused(f"no tool named {name}" + (f" in {namespace}" if namespace is not None else ""))

    def prompts(self, session):
        return [{"name": "mcp__alpha__review", "server": "alpha", "wireName": "review"}]

    def get_prompt(self, session, name, arguments, namespace=None):
        return hap.got_prompt([{"role": "user", "content": {"type": "text", "text": f"{name} {arguments}" + (f" in {namespace}" if namespace else "")}}])

    def resources(self, session):
        return hap.resources_result([{"uri": "mem://alpha/notes", "namespace": "alpha"}])

    def read_resource(self, session, uri, namespace=None):
        return hap.refused(f"no resource {uri}" + (f" in {namespace}" if namespace is not None else ""))

    def close(self, session):
        pass

    def shutdown(self):
        print("host: shutdown", file=sys.stderr)


sys.exit(hap.serve(NoisyAdapter()))
