/**
 * hosts/<id>/<version>.html: one report of one host: what was run (the host command, seed, runs, transport),
 * the installed versions and the isolation, the badge, the host's defects (grouped at build time for a report
 * written before defects were), every verdict with a stable anchor per clause, the
 * verdicts of the other versions judged, the coverage table, the not-applicable reasons, and the hand-checked
 * evidence (hosts/hosts.ts, and the agent CLIs' replays by value) beside each verdict it is about.
 */
import { clauseAnchor } from "../report/clause-docs.ts";
import { escapeHtml } from "../report/escape.ts";
import type { ClauseReport } from "../report/report-model.ts";
import { htmlBadge, htmlBanner, htmlClauseSection, htmlCoverageTable } from "../report/render-html.ts";
import { clip, EVIDENCE_LIMIT } from "../report/report-view.ts";
import { defectsOf } from "../report/defect-view.ts";
import { htmlDefects } from "../report/html-defects.ts";
import { badgeDataUri, badgeSvg, mustScore } from "./site-badge.ts";
import type { HostVersion, SiteEntry } from "./site-data.ts";
import { badgePath, clauseHistory, clausePath, hostPath, kindHeading, shellLine, verdictCell } from "./site-links.ts";
import { sitePage, up } from "./site-page.ts";

const DEPTH = 2;
/** From a host page to the package root (reports/site/hosts/<id>/ is four folders down). */
const toRoot = `${up(DEPTH)}../../`;

/** The page of `entry`'s report at `version`. */
/** What a gateway's verdict covers, said on its page: what its client sees, and why the rest is NOT-APPLICABLE. */
const GATEWAY_SCOPE = "A gateway is judged as an MCP server, with mcp-collide as its MCP client: a verdict covers what every client of it sees, " +
  "its merged tools/list (the names it gives) and where its tools/call goes (what the servers received), its merged prompts and resources where its initialize advertises them (every page of each list, where a prompts/get or resources/read goes), " +
  "and what it told its client or its operator (its console) about a server it could not load. " +
  "What no client can ask a gateway over MCP (refresh a server, add a tool of its own, pin, filter, hand it request schemas) is NOT-APPLICABLE, each clause saying why";

export function hostPage(entry: SiteEntry, version: HostVersion): string {
  const { host } = entry;
  const { report } = version;
  const current = entry.versions.at(-1)!;
  const score = mustScore(report);
  const versions = entry.versions.map((v) => (v === version ? `<b>${escapeHtml(v.version)}</b> (this page)` : `<a href="${escapeHtml(`${v.version}.html`)}">${escapeHtml(v.version)}</a>`)).join(" · ");
  const badge = badgeSvg(report, host.id);
  const environment = Object.entries(report.hostEnvironment ?? {}).map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(clip(value, EVIDENCE_LIMIT))}</dd>`).join("");
  const source = version.current ? `${toRoot}reports/${host.id}.json` : `${toRoot}${version.file}`;
  const markdown = version.current ? ` · <a href="${toRoot}reports/${host.id}.md">report and evidence as Markdown</a>` : "";
  const head = [
    `<h1>${escapeHtml(host.id)} <small>${escapeHtml(host.title)} · ${escapeHtml(kindHeading(host.kind).replace(/s$/, ""))}</small></h1>`,
    `<p>Versions judged: ${versions}. ${version.current ? "This is the version judged now: the hand-checked evidence below is about it." : `An earlier version, judged the same way; the hand-checked evidence is about the version judged now (<a href="${escapeHtml(`${current.version}.html`)}">${escapeHtml(current.version)}</a>).`}</p>`,
    `<p><img class="badge-svg" alt="${escapeHtml(`MUST ${score.passed}/${score.total}`)}" src="${badgeDataUri(badge)}"> MUST clauses passed / MUST clauses that apply. ` +
      (version.current ? `For a README: <code>![mcp-collide](reports/site/${badgePath(host.id)})</code>` : "") + `</p>`,
    `<p><b>Wiring:</b> ${escapeHtml(host.wiring)}</p>`,
    host.kind === "gateway" ? `<p>${GATEWAY_SCOPE} (<a href="${toRoot}docs/gateways.md">docs/gateways.md</a>)</p>` : "",
    version.current ? "" : `<p>To replay this version's cases, install it apart (<code>npm install --prefix DIR ${escapeHtml(host.packages.map((name) => `${name}@VERSION`).join(" "))}</code>) and run the replay below with ` +
      `<code>MCP_COLLIDE_HOST_MODULES=DIR NODE_OPTIONS=--import=./hosts/host-modules.mjs</code> before it (a library host), or with the report's own <code>--bin</code> (an agent CLI): see <code>npm run reports -- --from</code> in hosts/reports.ts.</p>`,
    `<p>Source: <a href="${escapeHtml(source)}">the report as JSON</a>${markdown}.</p>`,
    htmlBanner(report),
    environment ? `<h2>Installed version and isolation</h2><dl class="facts"><dt>host</dt><dd>${escapeHtml(clip(report.host.version, 400))}</dd>${environment}</dl>` : "",
  ];
  const rows = report.clauses.map((clause) =>
    `<tr class="s-${clause.status}"><td>${htmlBadge(clause.status)}</td><td><a href="#${clauseAnchor(clause.id)}"><code>${escapeHtml(clause.id)}</code></a> <a class="doc" href="${up(DEPTH)}${clausePath(clause.id)}" title="every host's verdict on it">all hosts ↗</a></td>` +
    `<td>${clause.level}</td><td class="why">${escapeHtml(clip(clause.reason, 600))}</td></tr>`);
  const command = shellLine(report.hostCommand);
  const defects = defectsOf(report);
  const sections = report.clauses.map((clause) => htmlClauseSection(report, clause, clause.status !== "pass" && clause.status !== "not-applicable", { clauseDocs: `${toRoot}docs/clauses.md` }, {
    reportFile: version.file, hostCommand: command, extra: checkedByHand(entry, version, clause), defects,
  }));
  const notes = host.notes.length > 0 && version.current ? `<h2>Notes</h2><ul>${host.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join("")}</ul>` : "";
  const absent = report.clauses.filter((clause) => clause.status === "not-applicable");
  const reasons = absent.length === 0 ? "" : `<h2>Not applicable, and why</h2><ul>${absent.map((clause) =>
    `<li><a href="#${clauseAnchor(clause.id)}"><code>${escapeHtml(clause.id)}</code></a>: ${escapeHtml(host.notApplicable[clause.id] ?? clause.reason)}</li>`).join("")}</ul>`;
  const body = [
    ...head,
    // The page leads with the host's defects; every clause has a section below to link to.
    htmlDefects(defects, () => true),
    `<h2>Verdicts</h2><table class="verdicts"><thead><tr><th>Verdict</th><th>Clause</th><th>Level</th><th>Why</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`,
    historyTable(entry, version),
    `<h2>Every verdict <small class="why">(each section's address is this page's URL with #clause-…; open by default where the clause did not pass)</small></h2>`,
    sections.join("\n"),
    htmlCoverageTable(report),
    reasons,
    notes,
  ].join("\n");
  return sitePage({ title: `${host.id} ${version.version}`, depth: DEPTH, body });
}

/** What was checked by hand about one verdict: the registry's evidence or reason, and the replay by value. */
function checkedByHand(entry: SiteEntry, version: HostVersion, clause: ClauseReport): string {
  if (!version.current) return "";
  const why = clause.status === "not-applicable" ? entry.host.notApplicable[clause.id] : clause.status === "pass" ? undefined : entry.host.evidence[clause.id];
  const replay = entry.replay?.evidence[clause.id];
  const parts: string[] = [];
  if (why) parts.push(`<p>${escapeHtml(why)}</p>`);
  if (replay) {
    parts.push(`<p>Replayed by value through the pinned CLI: committed <b>${escapeHtml(replay.committed ?? "—")}</b>, replayed <b>${escapeHtml(replay.now ?? "—")}</b>` +
      `${replay.observedNow ? `; seen: <code>${escapeHtml(clip(replay.observedNow, 600))}</code>` : ""}. ` +
      `<a href="${toRoot}${escapeHtml(entry.replay!.file)}">Every model turn and server record of the replay (JSON)</a>.</p>`);
  }
  if (parts.length === 0) return "";
  return `<div class="checked s-${clause.status}"><h3>Checked by hand</h3>${parts.join("")}</div>`;
}

/** Every clause's verdict at each version judged, a changed verdict marked. */
function historyTable(entry: SiteEntry, version: HostVersion): string {
  if (entry.versions.length < 2) return "";
  const clauses = version.report.clauses.map((clause) => clause.id);
  const others = entry.versions.flatMap((v) => v.report.clauses.map((c) => c.id)).filter((id, i, all) => !clauses.includes(id) && all.indexOf(id) === i);
  const rows = [...clauses, ...others].map((id) => {
    const history = clauseHistory(entry, id);
    const cells = history.verdicts.map((v) => verdictCell(v.status, `${v.version}.html#${clauseAnchor(id)}`, `${entry.host.id} ${v.version}`));
    const name = clauses.includes(id) ? `<a href="#${clauseAnchor(id)}"><code>${escapeHtml(id)}</code></a>` : `<code>${escapeHtml(id)}</code>`;
    return `<tr${history.changed ? ' class="changed"' : ""}><td>${name}</td>${cells.join("")}<td>${history.changed ? "changed" : ""}</td></tr>`;
  });
  return `<h2 id="history">Across versions</h2><table class="grid history"><thead><tr><th>Clause</th>${entry.versions.map((v) => `<th>${escapeHtml(v.version)}</th>`).join("")}<th></th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}

/** Every page of one host: one per version. */
export function hostPages(entry: SiteEntry): Array<[string, string]> {
  return entry.versions.map((version) => [hostPath(entry.host.id, version.version), hostPage(entry, version)]);
}
