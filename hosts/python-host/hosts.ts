/**
 * The Python standard-library host's report (`npm run reports -- --only python-host`): its entry, with the
 * hand-checked evidence for every verdict that is not a pass, checked against the host's own source
 * (mcp_host.py) and its tests. hosts/hosts.ts gathers it; its pins are host.json.
 */
import type { RealHost } from "../real-host.ts";
import { library, noContext, noDeferral } from "../library-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "python-host",
    title: "The Python standard-library host (ADR-0112 policy), in hosts/python-host",
    ...library("python-host"),
    wiring: "A host written for this project in Python with only the standard library; it speaks MCP over stdio and Streamable HTTP itself and follows ADR-0112 (mcp__{key}__{tool}, validated names, complete-or-fail).",
    notApplicable: {
      ...noDeferral("The Python host"),
      ...noContext(
        "The Python host lists tools only: mcp_host.py sends no prompts/list and shows no prompts.",
        "The Python host lists tools only: mcp_host.py sends no resources/list and reads no resource.",
      ),
      "guard/every-shape": "The Python host registers MCP tools only: mcp_host.py has no local-tool registration (adapter.py declares no registerLocal shapes).",
      "guard/local-occupant": "The Python host has no local tools: mcp_host.py builds its list from the configured servers only.",
      "drift/refresh-tracks-list": "The Python host lists each server once, at open (mcp_host.py): it has no refresh.",
      "drift/unreachable-prunes-nothing": "The Python host has no refresh (mcp_host.py lists each server once, at open).",
      "drift/list-changed": "The Python host ignores server notifications (mcp_host.py reads only the responses it asked for).",
      "drift/pin-holds-changes": "The Python host has no pins (mcp_host.py).",
      "options/keyed-by-wire": "The Python host takes no per-tool request schemas (mcp_host.py).",
      "options/unknown-key": "The Python host takes no per-tool request schemas (mcp_host.py).",
      "surface/allow-deny": "The Python host has no allow or deny lists (mcp_host.py).",
    },
    evidence: {},
    notes: [
      "Every clause that applies passes, as the reference host's do: the protocol needs nothing from TypeScript. The host loads servers in parallel threads and registers them in configuration order.",
    ],
  },
];
