import { describe, expect, it } from "vitest";
import type { FakeServerHost } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { CaseTranscript } from "./case-transcript.ts";

describe("CaseTranscript", () => {
  it("records an open's keepDeferred, so the session records can tell a clause's own searches from the harness's", async () => {
    const transcript = new CaseTranscript();
    let sessions = 0;
    const host = {
      open: async () => ({ session: `s${++sessions}`, outcome: { registered: {}, errors: [] }, diagnostics: [] }),
    } as unknown as HostAdapter;
    const { adapter } = transcript.tapped(host, {} as FakeServerHost);
    await adapter.open({ servers: [], keepDeferred: true });
    await adapter.open({ servers: [] });
    const opens = transcript.evidence().steps.filter((step) => step.kind === "host" && step.method === "open");
    expect(opens.map((step) => (step as { request: unknown }).request)).toEqual([{ servers: [], keepDeferred: true }, { servers: [] }]);
  });
});
