/**
 * The stylesheet of report.html and matrix.html, inlined: a report is one self-contained file that opens
 * offline, so no external fonts, scripts or images; system fonts only.
 */
export const htmlStyle = `
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#ffffff; --panel:#f6f8fa; --code:#eff1f3;
  --pass:#1a7f37; --fail:#cf222e; --warn:#9a6700; --error:#8250df; --na:#6e7781; --inconclusive:#bc4c00;
  --clash-bg:#fff1e5; --clash-line:#fb8f44; --clash-fg:#953800; }
@media (prefers-color-scheme: dark) {
  :root { --fg:#e6edf3; --muted:#9198a1; --line:#3d444d; --bg:#0d1117; --panel:#151b23; --code:#262c36;
    --pass:#3fb950; --fail:#f85149; --warn:#d29922; --error:#ab7df8; --na:#9198a1; --inconclusive:#db6d28;
    --clash-bg:#3d2410; --clash-line:#db6d28; --clash-fg:#ffa657; }
}
* { box-sizing: border-box; }
body { margin:0; background:var(--bg); color:var(--fg); font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans","Liberation Sans",Arial,sans-serif; }
main { max-width:1200px; margin:0 auto; padding:24px 28px 48px; }
code, pre, .mono { font-family: ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono","DejaVu Sans Mono",monospace; font-size:12.5px; }
code { background:var(--code); padding:1px 5px; border-radius:4px; word-break:break-all; }
pre { background:var(--panel); border:1px solid var(--line); border-radius:6px; padding:10px 12px; white-space:pre-wrap; overflow-wrap:anywhere; margin:6px 0 0; }
h1 { font-size:22px; margin:0; line-height:1.25; word-break:break-all; }
h1 small { color:var(--muted); font-weight:400; font-size:15px; }
h2 { font-size:17px; margin:28px 0 10px; padding-bottom:6px; border-bottom:1px solid var(--line); }
h3 { font-size:13px; text-transform:uppercase; letter-spacing:.04em; color:var(--muted); margin:18px 0 8px; }
a { color:inherit; }
.banner { display:flex; gap:18px; align-items:center; padding:18px 20px; border-radius:10px; border:1px solid var(--line); border-left:8px solid var(--s); background:var(--panel); }
.banner .big { font-size:28px; font-weight:800; color:var(--s); letter-spacing:.02em; min-width:96px; }
.totals { margin-top:6px; display:flex; flex-wrap:wrap; gap:6px; align-items:center; color:var(--muted); }
.s-pass { --s:var(--pass); } .s-fail { --s:var(--fail); } .s-warn { --s:var(--warn); } .s-error { --s:var(--error); }
.s-not-applicable { --s:var(--na); } .s-inconclusive { --s:var(--inconclusive); }
.badge { display:inline-block; min-width:52px; text-align:center; padding:1px 8px; border-radius:999px; font-size:11.5px; font-weight:700; color:#fff; background:var(--s); letter-spacing:.03em; white-space:nowrap; }
.chip { display:inline-block; padding:0 8px; border-radius:999px; border:1px solid var(--line); background:var(--bg); font-size:12px; white-space:nowrap; }
.chip b { color:var(--s,inherit); }
a.chip { text-decoration:none; } a.chip:hover { border-color:var(--s); }
a.doc { text-decoration:none; font-size:12px; }
.meta { display:grid; grid-template-columns:repeat(auto-fill,minmax(170px,1fr)); gap:8px 16px; margin:16px 0 0; }
.meta div { min-width:0; } .meta dt { color:var(--muted); font-size:11.5px; } .meta dd { margin:0; word-break:break-all; }
.meta .wide { grid-column:1/-1; }
.note { border:1px solid var(--line); border-left:4px solid var(--s); border-radius:6px; padding:8px 12px; margin:12px 0; background:var(--panel); }
table { border-collapse:collapse; width:100%; }
th, td { text-align:left; padding:6px 8px; border-bottom:1px solid var(--line); vertical-align:top; }
th { font-size:12px; color:var(--muted); font-weight:600; background:var(--panel); }
td.num { text-align:right; font-variant-numeric:tabular-nums; }
tr.row-fail td, tr.row-error td { background:color-mix(in srgb, var(--s) 6%, transparent); }
.verdicts td:nth-child(2) code { white-space:nowrap; word-break:normal; }
.verdicts td { padding:5px 8px; } .verdicts td.sits { line-height:1.35; } .verdicts td.why { min-width:180px; }
.sit { display:inline-block; margin:0 4px 2px 0; padding:0 6px; border-radius:4px; background:var(--code); font-size:11.5px; white-space:nowrap; }
.sit.unjudged { opacity:.6; text-decoration:line-through; }
.comparison td, .comparison th { border:1px solid var(--line); padding:2px 8px; text-align:left; }
.comparison tr.differs td { background:color-mix(in srgb, var(--fail) 12%, transparent); font-weight:600; }
.side-by-side { display:grid; grid-template-columns:repeat(auto-fit, minmax(280px, 1fr)); gap:12px; }
.evidence pre { max-height:480px; overflow:auto; }
.why { color:var(--muted); }
.mark { font-size:11.5px; font-weight:600; color:var(--s); }
details.clause { border:1px solid var(--line); border-left:6px solid var(--s); border-radius:8px; margin:12px 0; background:var(--bg); }
details.clause > summary { cursor:pointer; padding:10px 14px; display:flex; gap:10px; align-items:center; flex-wrap:wrap; list-style:none; }
details.clause > summary::-webkit-details-marker { display:none; }
details.clause > summary::before { content:"▸"; color:var(--muted); }
details.clause[open] > summary::before { content:"▾"; }
details.clause[open] > summary { border-bottom:1px solid var(--line); }
.clause-body { padding:4px 16px 14px; }
details.defect > summary b { font-size:14px; }
.finding { border-top:1px dashed var(--line); margin-top:10px; padding-top:4px; }
.servers { display:flex; flex-wrap:wrap; gap:12px; }
.server { flex:1 1 260px; max-width:380px; border:1px solid var(--line); border-radius:8px; background:var(--panel); overflow:hidden; }
.server-head { padding:8px 10px; border-bottom:1px solid var(--line); display:flex; gap:6px; flex-wrap:wrap; align-items:center; }
.server-head .key { font-weight:700; font-size:13.5px; }
.server-head .idx { color:var(--muted); font-size:11.5px; }
.server-head .info { color:var(--muted); font-size:11.5px; width:100%; }
.server-head .why-clash { width:100%; font-size:11.5px; color:var(--clash-fg); }
.look-alike { font-size:11.5px; color:var(--clash-fg); margin-left:4px; }
.server.clash-key .server-head .key { background:var(--clash-bg); outline:1.5px solid var(--clash-line); color:var(--clash-fg); }
.tools { list-style:none; margin:0; padding:8px 10px; display:flex; flex-direction:column; gap:5px; }
.tool code { display:inline-block; background:var(--bg); border:1px solid var(--line); padding:2px 7px; }
.tool.clash code { background:var(--clash-bg); border:1.5px solid var(--clash-line); color:var(--clash-fg); font-weight:700; }
.tool .why-clash { display:block; font-size:11.5px; color:var(--clash-fg); margin:1px 0 0 4px; }
.empty { color:var(--muted); font-style:italic; }
.flag { font-size:11px; padding:0 6px; border-radius:4px; background:var(--clash-bg); color:var(--clash-fg); border:1px solid var(--clash-line); }
.legend { font-size:12px; color:var(--muted); margin-top:8px; }
.legend code { background:var(--clash-bg); border:1.5px solid var(--clash-line); color:var(--clash-fg); }
.eo { display:grid; grid-template-columns:1fr 1fr; gap:12px; margin-top:4px; }
@media (max-width: 800px) { .eo { grid-template-columns:1fr; } }
.eo > div { border:1px solid var(--line); border-radius:8px; padding:8px 12px; min-width:0; }
.eo .expected { border-top:3px solid var(--pass); } .eo .observed { border-top:3px solid var(--fail); }
.eo h4 { margin:0 0 4px; font-size:12px; color:var(--muted); text-transform:uppercase; letter-spacing:.04em; }
.eo pre, .eo p { margin:0; background:none; border:0; padding:0; }
.facts { display:grid; grid-template-columns:max-content 1fr; gap:4px 14px; margin:8px 0 0; }
.facts dt { color:var(--muted); } .facts dd { margin:0; min-width:0; word-break:break-all; }
.cmd { position:relative; }
footer { margin-top:36px; color:var(--muted); font-size:12px; }
main.wide { max-width:none; }
.matrix td, .matrix th { text-align:center; } .matrix td:first-child, .matrix th:first-child { text-align:left; }
.matrix thead th { font-size:11.5px; overflow-wrap:anywhere; vertical-align:bottom; }
.matrix td:first-child code { white-space:nowrap; word-break:normal; }
`;
