/**
 * What a clause author needs: `import { defineClause, collidingWorld } from "mcp-collide/clauses"`. A
 * clause is a fast-check property over generated worlds, checked against what a host showed and what the
 * fake servers recorded; this is the surface the built-in suites/ use, plus the runner to judge a host
 * with one's own clauses and the report model it produces. Everything an adapter author needs is here
 * too (re-exported from the adapter kit). The command line's own machinery (options, repro, matrix,
 * baselines, examples) is not: it is internal and may change.
 */
export * from "./adapter-kit.ts";
export { HapClient, type HapClientOptions } from "./adapter/hap-client.ts";
export { AdapterError, isAdapterError, type AdapterFailureKind } from "./adapter/adapter-error.ts";
export { WorldSchema, type World } from "./world/world.ts";
export { describeTool, identityOf, type ToolIdentity } from "./world/tool-identity.ts";
export { canonicalJson } from "./world/canonical-json.ts";
export { SituationSchema, situationMeanings, situationsOf, type Situation } from "./world/situations.ts";
export * from "./arbitraries/index.ts";
export { defineClause, type CaseConfound, type Clause, type ClauseEnvironment, type ClauseLevel, type CheckOutcome, type ConstructedCase } from "./runner/clause.ts";
export { confoundedComparison, DETERMINISM_CLAUSE, nonDeterminism } from "./runner/identical-opens.ts";
export { constructed, joinClashCases } from "./runner/constructed.ts";
export { hostJoinJudged, lostTwins, type LostTwin } from "./runner/host-join-judged.ts";
export { HOST_JOIN_CLASH, hostJoinClashMeaning, joinedName, namingTemplate, type HostNaming } from "./world/host-naming.ts";
export { singleCase } from "./runner/single-case.ts";
export { hazardWorlds, longName, longTwins, overLongWireName, worldOf, type HazardWorld, type HazardWorldName, type WorldServer } from "./world/hazard-worlds.ts";
export { builtinClauses, catalogueIds, inCatalogueOrder, loadSuites } from "./runner/catalogue.ts";
export type { ObservedCall, ObservedTool, SessionObservation } from "./runner/session-observation.ts";
export { observeSession, type ObserveOptions, type ServerTransportKind } from "./runner/observe-session.ts";
export {
  canonicalErrors, canonicalSurface, errorNamesServer, errorsNaming, failedWhole, routeOf, shownWireNames, type Route,
} from "./runner/surface.ts";
export { hapLauncher, inProcessLauncher, type HostHandle, type HostLauncher } from "./runner/host-launcher.ts";
export { runClauses, type RunOptions } from "./runner/run-clauses.ts";
export { exitCodeOf, totalsOf } from "./runner/verdict.ts";
export { namingProfile, namingProfiles, type NamingProfile } from "./profiles/naming-profile.ts";
export * from "./report/report-model.ts";
export { writeReportFiles, type ReportFiles } from "./report/write-report.ts";
export { harnessVersion, catalogueVersion } from "./version.ts";
export { DriftStepSchema, type DriftStep, type DriftStepInput } from "../fake-servers/index.ts";
export {
  withLifecycleWorld, type LifecycleEnvironment, type LifecycleOpenOptions, type LifecycleSession, type LifecycleWorld, type ServerOptions,
} from "./runner/lifecycle-session.ts";
export { ModelViolation, modelOutcome } from "./runner/model-check.ts";
// Prompts and resources: a session of them, what it showed and judged, and their constructed worlds.
export { observeContext, shownContext, type ContextEnvironment, type ContextObservation, type ObservedFetch } from "./runner/context-session.ts";
export { judgedContext, listedOf, shownPairs, type ContextJudgeEnvironment } from "./runner/context-surface.ts";
export { constructedFrom } from "./runner/constructed.ts";
export { contextHazardWorlds, contextWorldOf, type ContextHazardWorldName, type ContextServer } from "./world/context-worlds.ts";
