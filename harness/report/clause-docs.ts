/**
 * Policy: where a report links a clause to its section of the catalogue, docs/clauses.md. A report written
 * inside this package (a run in a clone, the committed example and real-host reports) links relatively, so
 * the link works in the repository and on GitHub. A report written elsewhere links to docs/clauses.md at
 * this version's tag on the package's GitHub repository, when package.json names one (`repository`), since
 * a report is read where it is uploaded, far from node_modules. With no repository named, a report written
 * elsewhere links nowhere: it names the clause ids and the catalogue version, which the docs/clauses.md
 * shipped in the package explains.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { packageRoot } from "../cli/builtin-host.ts";
import { packageManifest, type PackageManifest } from "../version.ts";

/** How a report is rendered beyond its own content. */
export interface RenderOptions {
  /** Where docs/clauses.md is, as a link from the report (relative or absolute); absent: no clause links. */
  clauseDocs?: string;
}

/** A fragment id for a clause: the same in report.html and in docs/clauses.md. */
export function clauseAnchor(id: string): string {
  return `clause-${id.replace(/[^A-Za-z0-9]+/g, "-")}`;
}

/** The link to clause `id`'s section, from `base` (where docs/clauses.md is). */
export function clauseLink(base: string, id: string): string {
  return `${base}#${clauseAnchor(id)}`;
}

/** `owner/repo` of a package.json `repository` on GitHub (a URL, `github:owner/repo` or `owner/repo`), else undefined. */
export function githubRepository(repository: PackageManifest["repository"]): string | undefined {
  const url = typeof repository === "string" ? repository : repository?.url;
  if (!url) return undefined;
  const match = /^(?:github:|(?:git\+)?(?:https?|ssh|git):\/\/(?:git@)?github\.com[/:]|git@github\.com:)?([A-Za-z0-9][\w.-]*\/[\w.-]+?)(?:\.git)?\/?$/.exec(url.trim());
  return match?.[1];
}

/** Where a report written into `directory` finds docs/clauses.md (see the policy above). */
export function clauseDocsFor(directory: string, manifest: PackageManifest = packageManifest, root: string = packageRoot): string | undefined {
  const from = resolve(directory);
  const inside = relative(resolve(root), from);
  if (inside === "" || (inside.split(sep)[0] !== ".." && !isAbsolute(inside))) {
    return relative(from, resolve(root, "docs", "clauses.md")).split(sep).join("/");
  }
  const repository = githubRepository(manifest.repository);
  return repository ? `https://github.com/${repository}/blob/v${manifest.version}/docs/clauses.md` : undefined;
}
