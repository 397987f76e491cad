/**
 * Public surface of suites/: every clause, in the catalogue's order. The CLI finds the same clauses by
 * loading `*.suite.ts` files at run time; this index is for tests and for code that embeds the suites.
 */
import { inCatalogueOrder, type Clause } from "../harness/index.ts";
import { allowDenyClauses } from "./allow-deny.suite.ts";
import { atMostOnceClauses } from "./at-most-once.suite.ts";
import { cancelClauses } from "./cancel.suite.ts";
import { deferredClauses } from "./deferred.suite.ts";
import { definitionClauses } from "./definition.suite.ts";
import { contextTrackingClauses } from "./context-tracking.suite.ts";
import { diagClauses } from "./diag.suite.ts";
import { driftClauses } from "./drift.suite.ts";
import { guardClauses } from "./guard.suite.ts";
import { identityByKeyClauses } from "./identity-by-key.suite.ts";
import { midSessionLossClauses } from "./mid-session-loss.suite.ts";
import { namesClauses } from "./names.suite.ts";
import { oneFailureContainedClauses } from "./one-failure-contained.suite.ts";
import { optionsClauses } from "./options.suite.ts";
import { orderClauses } from "./order.suite.ts";
import { promptsClauses } from "./prompts.suite.ts";
import { resourcesClauses } from "./resources.suite.ts";
import { schemaClauses } from "./schema.suite.ts";
import { sessionsClauses } from "./sessions.suite.ts";
import { stableListClauses } from "./stable-list.suite.ts";
import { surfaceClauses } from "./surface.suite.ts";
import { toolErrorClauses } from "./tool-error.suite.ts";
import { wireClauses } from "./wire.suite.ts";

/** Every implemented clause, in catalogue order. */
export const clauses: Clause[] = inCatalogueOrder([
  ...orderClauses, ...stableListClauses, ...surfaceClauses, ...oneFailureContainedClauses, ...wireClauses, ...toolErrorClauses, ...identityByKeyClauses, ...namesClauses, ...guardClauses, ...driftClauses, ...midSessionLossClauses,
  ...optionsClauses, ...allowDenyClauses, ...schemaClauses, ...atMostOnceClauses, ...diagClauses, ...sessionsClauses,
  ...deferredClauses, ...definitionClauses, ...cancelClauses,
  ...promptsClauses, ...resourcesClauses, ...contextTrackingClauses,
]);

export {
  allowDenyClauses, atMostOnceClauses, cancelClauses, contextTrackingClauses, deferredClauses, definitionClauses, diagClauses, driftClauses, guardClauses, identityByKeyClauses, midSessionLossClauses, namesClauses,
  promptsClauses, resourcesClauses, schemaClauses, sessionsClauses, stableListClauses, surfaceClauses, toolErrorClauses, wireClauses,
};
