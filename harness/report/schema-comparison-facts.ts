/**
 * Policy (docs/defects.md says it to users): `schema/input-schema-intact` compares the whole input schema the
 * host hands the model with the server's, and the records keep a shown schema only where it holds a `$ref`
 * (the rest are left out to keep the evidence small), so for most schemas the records cannot show what the
 * model got. There, and for that clause alone, the fact is read from the clause's own comparison (its
 * `observed`, as suites/support/schema-shape.ts words it): the host handed the model a schema that is not the
 * server's, and the first place the shapes differ is the fact's detail, quoted as the clause wrote it. A clause's
 * words are read nowhere else: a comparison of another form (references that resolve to nothing, which the
 * records do show) is not read here.
 */
import type { CaseFact } from "./fact-readings.ts";
import { clip } from "./report-view.ts";

/** The one clause whose comparison is read. */
const CLAUSE = "schema/input-schema-intact";
/** Longest detail quoted (the clause's observed keeps the whole). */
const DETAIL_LIMIT = 200;
/** A JSON-quoted string, as the clause quotes a tool and its server. */
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
/** The clause's first problem when it is a difference in shape: the place, and what each schema says there. */
const DIFFERS = new RegExp(`^tool ${QUOTED} of ${QUOTED} is handed to the model with an input schema that is not the server's: it differs from the server's in shape (at .+?, the model gets .+?)(?=; tool ${QUOTED} of |$)`, "s");

/** The facts `clause`'s comparison `observed` shows: none but for schema/input-schema-intact's difference in shape. */
export function schemaComparisonFacts(clause: string, observed: string | undefined): CaseFact[] {
  if (clause !== CLAUSE || observed === undefined) return [];
  const where = DIFFERS.exec(observed)?.[1];
  if (where === undefined) return [];
  return [{ kind: "schema", key: "schema:not-the-servers", text: "hands the model a tool's input schema that is not the server's", detail: clip(where, DETAIL_LIMIT, "") }];
}
