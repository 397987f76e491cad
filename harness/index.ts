/**
 * Public surface of harness/: what host authors (and reference/) use to serve HAP/1, and what suites/
 * use to write clauses. Anything not listed here is internal.
 */
// What an adapter author gets from the package (the protocol's schemas and types, the contract, serving).
export * from "./adapter-kit.ts";
export { sameVisible, visibleKey, visibleLabel, visibleParts, type VisibleName } from "./protocol/visible-name.ts";
export { consoleToStderr } from "./adapter/serve-adapter.ts";
export { HapClient, type HapClientOptions } from "./adapter/hap-client.ts";
export { machineRoot, NO_PID_NAMESPACE_VARIABLE, pidNamespacePrefix, pidNamespaceUnavailable } from "./adapter/pid-namespace.ts";
export { missingSystemCommand, requireSystemCommand, systemCommand } from "./adapter/system-command.ts";
export { LineDriver, type Exchange } from "./check-adapter/line-driver.ts";
export { AdapterError, isAdapterError, type AdapterFailureKind } from "./adapter/adapter-error.ts";
export { WorldSchema, type World } from "./world/world.ts";
export { describeTool, identityOf, type ToolIdentity } from "./world/tool-identity.ts";
export { canonicalJson } from "./world/canonical-json.ts";
export { foldedName, SituationSchema, sanitisedName, situationConcerns, situationMeanings, situationsOf, type Situation } from "./world/situations.ts";
export { attributed, CURSOR_LOOP_BOUND, HAZARDS, hazardsByServer, holdsAlone } from "./world/hazards.ts";
export { invalidHeaderReason } from "./world/x-mcp-header.ts";
export { naturalTransport, transportFor, unreachableMeanings } from "./world/unreachable-modes.ts";
export type { UnreachableAs } from "../fake-servers/index.ts";
export * from "./arbitraries/index.ts";
export { defineClause, type CaseConfound, type Clause, type ClauseEnvironment, type ClauseLevel, type CheckOutcome, type ConstructedCase } from "./runner/clause.ts";
export { confoundedComparison, DETERMINISM_CLAUSE, nonDeterminism } from "./runner/identical-opens.ts";
export { constructed, joinClashCases, type ConstructedWorldName } from "./runner/constructed.ts";
export { shippedHazardWorlds, type ShippedHazardWorldName } from "./world/shipped-hazard-worlds.ts";
export { hostJoinJudged, lostTwins, type LostTwin } from "./runner/host-join-judged.ts";
export { HOST_JOIN_CLASH, hostJoinClashMeaning, HostNamingSchema, joinClashConcern, joinClashes, joinClashWorlds, joinedName, namingTemplate, type HostNaming } from "./world/host-naming.ts";
export { learnNaming, namingShown, type CleanOpen } from "./runner/learn-naming.ts";
export { singleCase } from "./runner/single-case.ts";
export { hazardWorlds, longName, longTwins, overLongWireName, worldOf, type HazardWorld, type HazardWorldName, type WorldServer } from "./world/hazard-worlds.ts";
export { catalogueIds, inCatalogueOrder, loadSuites } from "./runner/catalogue.ts";
export type { ObservedCall, ObservedTool, SessionObservation } from "./runner/session-observation.ts";
export { observeSession, type ObserveOptions, type ServerTransportKind } from "./runner/observe-session.ts";
export { acceptedWhole, CLEAN_WORLD, judgedServers, judgedSituations, refusedAny, serverLooks, type ServerLook } from "./runner/judgement.ts";
export { clauseEnvironment, type EnvironmentParts } from "./runner/clause-environment.ts";
export {
  canonicalErrors, canonicalSurface, errorNamesServer, errorsNaming, failedWhole, loggedSpecExclusion, messageNames, probeOf, probesByVisible, routeOf, shownWireNames, type Route,
} from "./runner/surface.ts";
export { sessionComparison } from "./runner/session-comparison.ts";
export { hapLauncher, inProcessLauncher, type HostHandle, type HostLauncher } from "./runner/host-launcher.ts";
export {
  contextMethod, distinct, fetchThrough, observeContext, PROMPT_ARGUMENTS, shownContext,
  type ContextEnvironment, type ContextObservation, type ObservedFetch, type ObservedPrompt, type ObservedResource, type ObservedTemplate,
} from "./runner/context-session.ts";
export {
  acceptedCleanContext, canonicalContext, CLEAN_CONTEXT_WORLD, contextErrorsText, contextFailedWhole, contextLooks, contextRoutes, declaredLists, fetchesByVisible, fetchRoute,
  judgedContext, judgedContextKeys, listedOf, shownEntries, shownPairs, visibleOf, type ContextJudgeEnvironment, type ContextPair,
} from "./runner/context-surface.ts";
export { comparisonOf, errorsText, type ShownRoutes } from "./runner/session-comparison.ts";
export { constructedFrom } from "./runner/constructed.ts";
export { contextHazardWorlds, contextScript, contextWorldOf, fakePrompt, fakeResource, type ContextHazardWorldName, type ContextServer } from "./world/context-worlds.ts";
export { CONTEXT_SITUATIONS, contextSituationMeanings, spacesFolded, type ContextSituation } from "./world/context-situations.ts";
export {
  CONTEXT_LIST_METHODS, templateIsFixed, templateMatches, type ContextList, type ContextLists, type PromptDefinition, type PromptEcho,
  type ResourceDefinition, type ResourceEcho, type ResourceTemplateDefinition,
} from "../fake-servers/index.ts";
export { runClauses, type RunOptions } from "./runner/run-clauses.ts";
export { runClause, type ClauseRunOptions } from "./runner/run-clause.ts";
export { exitCodeOf, totalsOf } from "./runner/verdict.ts";
export { namingProfile, namingProfiles, type NamingProfile } from "./profiles/naming-profile.ts";
export * from "./report/report-model.ts";
export { writeReport } from "./report/write-report.ts";
export { harnessVersion, catalogueHistory, catalogueVersion } from "./version.ts";
export { replayCase, valueAtPath, type ReplayOptions, type ReplayResult } from "./cli/replay-case.ts";
export type { ReplayEvent } from "./cli/replay-environment.ts";
export { agentModuleArgv, builtinHostArgv, tsxNodeArgv, type AgentCliId } from "./cli/builtin-host.ts";
export { hostEntry, HostManifestSchema, hostRegistry, installedApart, installedVersion, readHostRegistry, type HostEntry, type HostManifest } from "./cli/host-registry.ts";
export { nodeRuntime, nodeRuntimes, readNodeRuntimes, type NodeRuntime } from "./cli/node-runtimes.ts";
export {
  agentCliEntry, agentCliRegistry, agentClis, AgentCliManifestSchema, agentModuleExamples, readAgentRegistry, registeredManifest, type AgentCliEntry, type AgentCliManifest,
} from "./cli/agent-registry.ts";
export { AGENT_DEFAULT_RUNS, DEFAULT_RUNS } from "./cli/run-options.ts";
export {
  consoleDiagnostics, defineGatewayModule, GatewayHost, GatewayManifestSchema, installedGateway, loadGatewayModule, serverErrorLines,
  type GatewayContext, type GatewayHostOptions, type GatewayIsolation, type GatewayLaunch, type GatewayManifest, type GatewayModule, type GatewaySandbox,
} from "./gateway-kit.ts";
/** The real-host adapters `mcp-collide init --example NAME` writes, by name. */
export { examples as adapterExamples } from "./cli/init-example.ts";
export { applyBaseline, BaselineFileSchema, readBaseline, writeBaseline, type BaselineFile } from "./report/baseline.ts";
export { contentSha256, hashedContent } from "./report/content-hash.ts";
export { readReport } from "./report/read-report.ts";
export { mapStrings, pathContext, portableArgv, portableText, withTsxLoader, type PathContext } from "./report/portable-path.ts";
export { renderHtml } from "./report/render-html.ts";
export { clauseAnchor, clauseDocsFor, clauseLink, githubRepository, type RenderOptions } from "./report/clause-docs.ts";
export { renderJunit } from "./report/render-junit.ts";
export { renderMarkdown } from "./report/render-markdown.ts";
export { renderSarif, type SarifOptions } from "./report/render-sarif.ts";
export { SarifLogSchema, type SarifLog } from "./report/sarif-model.ts";
export { groupDefects, withDefects, type Grouping } from "./report/group-defects.ts";
export { diagnosis, hostSummary } from "./report/diagnosis.ts";
export { markdownCode, markdownText } from "./report/escape.ts";
export { renderMatrixHtml, renderMatrixMarkdown } from "./report/render-matrix.ts";
export { buildSite, listFiles, SCREENSHOT, siteDifferences, writeSite } from "./site/build-site.ts";
export { badgeSvg, mustScore } from "./site/site-badge.ts";
export { loadSite, SiteHostSchema, type SiteCatalogue, type SiteData, type SiteHost } from "./site/site-data.ts";
export { findChromium, screenshot } from "./report/headless-chromium.ts";
export { reportJsonSchema } from "./report/report-json-schema.ts";
export { sealReport, writeReportFiles, type ReportFiles } from "./report/write-report.ts";
export { packageRoot } from "./cli/builtin-host.ts";
export { missingInstall, optionalInstalls, probeInstall, SANDBOX_UID, sandboxPrefix, skipTitle, type LibraryHostName, type OptionalInstall } from "./optional-installs.ts";
export { describeLoad, machineLoad, pace, paced, pacedUntil, type MachineLoad } from "./pace.ts";
/** Work run at most N at a time (the self-test's real-host replays and CLI controls). */
export { limiter } from "./limiter.ts";
export { parseShard, shardOf, type Shard } from "./runner/shard.ts";
export { mergeReports } from "./runner/merge-reports.ts";
export { selfTestSeed, SOAK_SEED_VARIABLE } from "./runner/self-test-seed.ts";
export { DriftStepSchema, scriptedToolError, toolErrorText, type DriftStep, type DriftStepInput } from "../fake-servers/index.ts";
export {
  withLifecycleWorld, type LifecycleEnvironment, type LifecycleOpenOptions, type LifecycleSession, type LifecycleWorld, type ServerOptions,
} from "./runner/lifecycle-session.ts";
export { ModelViolation, modelOutcome } from "./runner/model-check.ts";
export { contactedKeys, pairsMissing, pairsOffered, strayCalls, toolListRequests, type StrayCall } from "./serve/record-facts.ts";
export type { RecordJudgement, ServedRecords } from "./serve/served-records.ts";
export { driveServedWorld, startServeProcess, genericConfigOf, type ServeProcess } from "./serve/serve-process.ts";
export { endpointsOfGenericConfig, hostConfigs, type HostConfig, type ServedEndpoint } from "./serve/host-configs.ts";
export { CANNOT_SEE, servedDepartures, serveReport } from "./serve/serve-report.ts";
