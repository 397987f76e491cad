// `import { defineClause } from "mcp-collide/clauses"` in plain Node (ESM): the clause kit,
// harness/clause-kit.ts. Types: types/harness/clause-kit.d.ts (built when the package is packed).
// harness/entry/entry.test.ts holds this list of names equal to the kit's exports.
import { loadKit } from "./load-kit.mjs";

const kit = await loadKit("../clause-kit.ts");

export const {
  AdapterError, BaselineMarkSchema, BaselineSummarySchema, CallResultSchema, CapabilitiesSchema, ChannelSchema,
  ClauseReportSchema, ClauseStatusSchema, ComparisonSchema, ConfoundSchema, CounterexampleSchema, CoverageCaseSchema, CoverageRowSchema, DefectSchema, DETERMINISM_CLAUSE, DiagnosticSchema, DriftStepSchema, EvidenceSchema, EvidenceStepSchema, FindingSchema, HapClient, HostWideFindingSchema,
  HOST_JOIN_CLASH, MAX_SERVERS_PER_WORLD, MAX_TOOLS_PER_SERVER, MAX_WORLDS_PER_CASE, MAX_WORLD_BYTES, HostErrorSchema, HostTransportSchema, HttpTransportSpecSchema, InitializeResultSchema, initializeResult, LocalShapeSchema,
  LocalToolSchema, ModelViolation, OpenParamsSchema, OpenResultSchema, OpenTlsSchema, OutcomeSchema, PinResultSchema,
  RefreshResultSchema, RegisterLocalResultSchema, ReportErrorSchema, ReportSchema, ReportServerSchema, SessionPoisoningSchema,
  ServerConfigSchema, ShutdownResultSchema, SituationSchema, StdioTransportSpecSchema, ToolsResultSchema, VisibleToolSchema,
  WireTransportSpecSchema, WorldSchema, builtinClauses, canonicalErrors, canonicalJson, canonicalSurface,
  aloneHazards, aloneWorld, catalogueIds, catalogueVersion, collidingWorld, configOrder, consoleToStderr, constructed, crossShrink, defineClause, describeTool,
  driftChange, driftChangeKinds, driftInputSchemas, driftOutputSchemas, errorNamesServer, errorsNaming,
  confoundedComparison, exitCodeOf, failedWhole, failingWorld, hapLauncher, harnessVersion, hazardWorlds, hostJoinClashMeaning, hostJoinJudged, hostileSchema, hostileSchemaKinds, hostileSchemaOf,
  hostileTool, identityGame, identityOf, inCatalogueOrder, inProcessLauncher, isAdapterError, joinClashCases, joinedName, latency,
  lifecycleWorld, loadFailures, loadSuites, longName, longNameWorld, longTwins, lostTwins, modelOutcome, namingProfile, nonDeterminism, overLongWireName, namingProfiles, namingTemplate, observeSession,
  ordering, permutation, reorder, resolveDriftChange, routeOf, runClauses, separatorClashWorld, serveAdapter,
  serveHap, serverIdentity, serverKey, serverKeyFamilies, serverKeyPool, serverScript, shownWireNames, singleCase,
  situationMeanings, situationsOf, spoofedWorld, toolName, toolNameFamilies, toolNamePool, toolOrder,
  totalsOf, userSees, withLifecycleWorld, worldBoundsBreach, world, worldOf, writeReportFiles,
  PromptGetResultSchema, PromptsResultSchema, ResourceReadResultSchema, ResourcesResultSchema, ShownPromptArgumentSchema, ShownPromptSchema, ShownResourceSchema,
  DeferredFlagSchema, DeferredToolsSchema, KeepDeferredSchema, ShownTemplateSchema, constructedFrom, contextHazardWorlds, contextWorld, contextWorldOf, judgedContext, listedOf, observeContext, shownContext, shownPairs,
} = kit;
