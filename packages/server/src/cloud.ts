import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { REALTIME_NAMESPACE } from '@varde/core/contract';
import './http/fastifyTypes.js';
import { systemClock } from './clock.js';
import { resolveConfig, trustedOrigins, type CloudContext, type CloudOptions } from './context.js';
import { createAlarmService } from './alarms/alarmStore.js';
import { registerAlarmRoutes } from './alarms/routes.js';
import { createRuleEngine, createRuleStore, registerRuleRoutes } from './rules/index.js';
import { seedDemoRules } from './seed/demoRules.js';
import { createScheduleStore } from './oncall/scheduleStore.js';
import { registerOnCallRoutes } from './oncall/routes.js';
import { registerOnCallFeedRoutes } from './oncall/feedRoutes.js';
import { createFeedTokens } from './oncall/feedTokens.js';
import { createPolicyStore } from './escalation/policyStore.js';
import { createEscalationEngine } from './escalation/escalationEngine.js';
import { registerEscalationRoutes } from './escalation/routes.js';
import { registerApplyCheckRoutes } from './escalation/checkRoutes.js';
import { registerAckRoutes } from './escalation/ackRoutes.js';
import { createTestClock, shareTestClock, TEST_CLOCK_SETTING } from './testClock/testClock.js';
import { registerTestClockRoute } from './testClock/routes.js';
import { seedDemoEscalations } from './seed/demoEscalations.js';
import { seedDemoOnCall } from './seed/demoOnCall.js';
import { createAnomalyService } from './anomaly/anomalyService.js';
import { registerAnomalyRoutes } from './anomaly/routes.js';
import { registerBimServices } from './bim/index.js';
import { seedDemoBim } from './seed/demoBim.js';
import { createHistorian } from './historian/historianStore.js';
import { registerHistorianRoutes } from './historian/routes.js';
import { seedDemoAnomaly } from './seed/demoAnomaly.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerRateLimiting } from './auth/rateLimits.js';
import { createFunctionStore } from './faas/functionStore.js';
import { registerFaasRoutes } from './faas/routes.js';
import { createFunctionRunner, type FunctionRunner } from './faas/runFunction.js';
import { createMappingStore } from './mappings/mappingStore.js';
import { registerMappingRoutes } from './mappings/routes.js';
import { seedDemoFunctionsAndMappings } from './seed/demoFunctionsAndMappings.js';
import { registerWriteApiRoutes } from './writeApi/routes.js';
import { registerMetadataRoutes } from './metadata/routes.js';
import { createWriteApiService } from './writeApi/writeApiService.js';
import { registerLicensingRoutes } from './licensing/routes.js';
import { seedDemoLicensing } from './seed/demoLicensing.js';
import { registerControllerRoutes } from './controllers/routes.js';
import { registerBearerAuth } from './http/bearerAuth.js';
import { registerAccessHook } from './http/accessHook.js';
import { createPartnerResources } from './partners/partnerResources.js';
import { defineOwnerLookups } from './partners/ownerLookups.js';
import { registerCors } from './http/cors.js';
import { frameworkErrorHandler, registerErrorHandling } from './http/errorHandler.js';
import { registerJsonBodyParser } from './http/jsonBody.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { serviceHostRewriter } from './http/hostRouting.js';
import { registerStaticFiles } from './http/staticFiles.js';
import { registerCompression } from './http/compression.js';
import { trackRoutes } from './http/routeRegistry.js';
import { createOutbox } from './outbox/outbox.js';
import { registerOutboxRoutes } from './outbox/routes.js';
import { registerMapTilesRoute } from './map/mapTiles.js';
import { registerOidcProvider } from './oidc/registerOidcProvider.js';
import { createRealtimeDatabase } from './realtime/index.js';
import { verifyCustomToken } from './tokens/customTokens.js';
import { attachControllerProxy, CONTROLLER_PROXY_PATH } from './proxy/controllerProxy.js';
import { registerControllerFrameRoutes } from './proxy/framePage.js';
import { attachSearchSocket, isSearchSocketPath } from './search/searchSocket.js';
import { guardUpgrades } from './http/upgradeGuard.js';
import { WIRE_PATH } from './realtime/wire/server.js';
import { registerSearchRoutes } from './search/routes.js';
import { registerUserRoutes } from './users/routes.js';
import { registerServiceAccountRoutes } from './serviceAccounts/routes.js';
import { registerScimRoutes } from './scim/routes.js';
import { registerDirectoryRoutes } from './scim/directoryRoutes.js';
import { seedBulkSites } from './seed/bulkSites.js';
import { seedDemo } from './seed/demoSeed.js';
import { createSimulation } from './simulation/simulation.js';
import { createCallerCache } from './http/callerCache.js';
import { createCallerWritesHeard } from './cluster/callerWritesHeard.js';
import { CALLER_TABLE_WRITES, clearOnProfileChanges } from './http/callerCacheInvalidation.js';
import { KEPT_ROW_TABLE_WRITES } from './http/keptRows.js';
import { watchTableWrites } from './storage/tableWrites.js';
import { openDatabase, postgresPoolOf } from './storage/db.js';
import { takeStartupLock } from './cluster/startupLock.js';
import { createLeadership } from './cluster/leadership.js';
import { createCloudMetrics, type CloudMetrics } from './cluster/metrics.js';
import { registerHealthRoutes } from './cluster/healthRoutes.js';
import { createCleanups } from './cluster/cleanups.js';
import { createSimulationSwitch } from './cluster/simulationSwitch.js';
import { applicationNameOf, startClusterListener } from './cluster/clusterListener.js';
import { startNodeHeartbeat, startOnDisconnectReplay } from './realtime/onDisconnectLedger.js';
import { signInLives } from './auth/sessions.js';
import { loadOrCreateSigningKeys } from './tokens/keys.js';
import { stampAuditWith } from './audit/auditClock.js';
import { createAuditRetention } from './audit/auditRetention.js';
import { registerAuditRoutes } from './audit/routes.js';

/** A running cloud. */
export interface Cloud {
  /** Where it is reached (config.publicOrigin), e.g. `http://localhost:8080`. */
  url: string;
  port: number;
  context: CloudContext;
  app: FastifyInstance;
  /** The node HTTP server (for protocol upgrades: realtime websocket, sockets). */
  server: Server;
  /** How cloud functions run here: sandboxed, unsafe (--unsafe-functions) or off. */
  functions: FunctionRunner['mode'];
  close(): Promise<void>;
}

/** After lost cluster notifications, changes stamped this long before the loss are announced again too. */
const RESYNC_MARGIN_MS = 2000;

/** Every request body is limited to 1 MB; larger ones get 413 before any handler runs. */
export const BODY_LIMIT = 1_048_576;

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the reference cloud: every service on one origin under /cloud/<service>, and by Host
 * header `<service>.<domain>`. The socket is bound first, so that an ephemeral port (0) is known
 * before the issuer URLs (which contain the public origin) are configured.
 */
export async function createCloud(options: CloudOptions = {}): Promise<Cloud> {
  const server = createServer();
  // Longer than a proxy keeps an idle upstream connection (nginx: 60 s), so the cloud never closes one
  // just as the proxy sends a request on it (a 502, or a reset for a keep-alive client). Fastify would
  // set 72 s itself, but not on a server it is given.
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 76_000;
  const port = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const config = resolveConfig(options, port);
  // --test-clock: a clock a system admin moves forward (testClock/routes.ts).
  const testClock = options.testClock ? createTestClock(options.clock ?? systemClock) : null;
  const clock = testClock ?? options.clock ?? systemClock;

  // An idle pooled connection that loses its server: the pool drops it; requests meanwhile answer 503.
  let onPoolError = (error: Error) => console.error(`varde-cloud: database connection lost: ${error.message}`);
  // Cleared by every write that could make what it keeps wrong, as the write is sent (and see the listener below).
  const callerCache = createCallerCache();
  const callerWritesHeard = createCallerWritesHeard(config.storage, config.nodeId);
  const callerWrites = watchTableWrites(CALLER_TABLE_WRITES, () => {
    callerCache.clear();
    callerWritesHeard.noteWrite();
  });
  // The sites requests name and the SCIM tokens' connections, cleared the same way (http/keptRows.ts);
  // the writing request also answers once every node has heard it.
  const keptRows = createCallerCache();
  const keptRowWrites = watchTableWrites(KEPT_ROW_TABLE_WRITES, () => {
    keptRows.clear();
    callerWritesHeard.noteWrite();
  });
  // Every statement this node sends is counted (the metrics' varde_database_statements_total).
  let statementsSent = 0;
  const onStatement = (text: string) => {
    statementsSent += 1;
    options.onStatement?.(text);
  };
  const db = await openDatabase(config.storage, (error) => onPoolError(error), applicationNameOf(config.nodeId), onStatement, [callerWrites, keptRowWrites]).catch((error: unknown) => {
    server.close();
    throw error;
  });
  // Nodes starting together on a new database: one creates the key and seeds, the others wait and find them.
  // Audit records are stamped by this cloud's clock (a test clock under --test-clock).
  stampAuditWith(db, clock);
  const startup = await takeStartupLock(config.storage, config.nodeId).catch(async (error: unknown) => {
    server.close();
    await db.destroy();
    throw error;
  });
  const leadership = createLeadership(config.storage, config.nodeId, (error) => onPoolError(error as Error));
  let serving = true;
  try {
    // A test clock starts where the cluster's is (moved before, by any node).
    const sharedTestClock = testClock ? shareTestClock(db, testClock) : null;
    await sharedTestClock?.load();
    const firstStart = (await db.selectFrom('signing_keys').select('kid').limit(1).executeTakeFirst()) === undefined;
    const keys = await loadOrCreateSigningKeys(db, clock.now());

    // The port is bound before the app is ready: requests that arrive early wait for it instead of hanging.
    let markReady!: () => void;
    const appReady = new Promise<void>((resolveReady) => (markReady = resolveReady));
    let dispatch!: (request: IncomingMessage, response: ServerResponse) => void;
    const app = Fastify({
      serverFactory: (handler) => {
        dispatch = handler;
        return server.on('request', (request, response) => void appReady.then(() => handler(request, response)));
      },
      rewriteUrl: serviceHostRewriter(config.domain),
      // Only the configured load balancers may say who the client is; anyone else's X-Forwarded-For is ignored.
      trustProxy: config.trustProxy ?? false,
      bodyLimit: BODY_LIMIT,
      frameworkErrors: frameworkErrorHandler,
      logger: options.logger ? { level: 'info' } : false,
      // Per-request lines would drown the useful ones; errors are logged by the error handler.
      logController: new LogController({ disableRequestLogging: true }),
    });
    onPoolError = (error) => app.log.warn({ err: error, node: config.nodeId }, 'database connection lost');
    const routes = trackRoutes(app);
    // Answers to writes that change a caller wait until every node has heard them (set once the listener runs).
    let hearsCluster = () => false;
    callerWritesHeard.attach(app, db, () => hearsCluster());
    const metrics = createCloudMetrics(app, { server, pool: postgresPoolOf(db), isLeader: () => leadership.isLeader(), nodeId: config.nodeId, statementsSent: () => statementsSent });
    const signInLive = (uid: string, claims: Record<string, unknown>) => signInLives(db, uid, claims, clock.now());
    const realtimeDatabase = await createRealtimeDatabase({
      db,
      clock,
      namespace: REALTIME_NAMESPACE,
      // The realtime sign-in lives as long as the backend session its custom token named.
      verifyCustomToken: async (token) => {
        const identity = await verifyCustomToken({ config, keys, clock }, token);
        if (!(await signInLive(identity.uid, identity.claims))) throw new Error('the session it was made for has ended');
        return identity;
      },
      isSignInLive: (uid, claims) => signInLive(uid, claims),
      nodeId: config.nodeId,
    });
    const realtime = realtimeDatabase.tree;
    const outbox = createOutbox(db, clock, app.log, config.smtpUrl);
    const alarms = createAlarmService(db, clock);
    const ruleStore = createRuleStore(db, clock);
    const schedules = createScheduleStore(db, clock);
    const policies = createPolicyStore(db, clock);
    // Escalation steps are due rows in the database; the leader's timer runs them (escalation/escalationEngine.ts).
    const escalations = createEscalationEngine({ db, clock, realtime, outbox, config }, { policies, schedules }, (error) => app.log.error(error));
    const ruleEngine = createRuleEngine({ db, clock, realtime, outbox }, (error) => app.log.error(error));
    // The rule engine looks at the alarms after every simulation step (and on its own timer).
    const historian = createHistorian(db, clock);
    const simulation = createSimulation({
      db, clock, realtime, alarms, historian, onError: (error) => app.log.error(error), afterStep: () => ruleEngine.evaluate(),
    });
    const anomaly = await createAnomalyService({ db, clock, historian, nodeId: config.nodeId, onError: (error) => app.log.error(error) });
    const simulationSwitch = createSimulationSwitch(db, simulation, () => leadership.isLeader(), config.simulation === 'running');
    const context: CloudContext = { config, db, clock, keys, realtime, outbox, log: app.log, routes, alarms, simulation, simulationSwitch, rules: { store: ruleStore, engine: ruleEngine }, historian, anomaly, writeApi: createWriteApiService(db), callerCache, keptRows };
    clearOnProfileChanges(callerCache, realtime);
    const functions = createFunctionStore(db, clock);
    const mappings = createMappingStore(db);

    registerErrorHandling(app);
    await registerCompression(app);
    await registerStaticFiles(app, config);
    registerJsonBodyParser(app);
    registerSecurityHeaders(app, config);
    registerCors(app, trustedOrigins(config));
    registerBearerAuth(app, context);
    const partnerResources = createPartnerResources();
    registerAccessHook(app, context, partnerResources);
    registerRateLimiting(app, db, clock);

    registerHealthRoutes(app, context, { isLeader: () => leadership.isLeader(), isServing: () => serving }, metrics);
    registerAuthRoutes(app, context);
    registerControllerRoutes(app, context);
    registerOutboxRoutes(app, context);
    registerMapTilesRoute(app, config.mapTiles);
    registerUserRoutes(app, context);
    registerServiceAccountRoutes(app, context);
    registerScimRoutes(app, context);
    registerDirectoryRoutes(app, context);
    registerOidcProvider(app, context);
    realtimeDatabase.registerRoutes(app);
    realtimeDatabase.attach(server);
    registerAlarmRoutes(app, context);
    registerSearchRoutes(app, context);
    registerLicensingRoutes(app, context);
    registerControllerFrameRoutes(app, context);
    registerRuleRoutes(app, context, ruleStore);
    registerOnCallRoutes(app, context, schedules);
    registerOnCallFeedRoutes(app, context, schedules, createFeedTokens(db));
    registerEscalationRoutes(app, context, policies, schedules);
    registerApplyCheckRoutes(app, context, schedules);
    registerAckRoutes(app, context);
    registerAuditRoutes(app, context);
    const auditRetention = createAuditRetention(db, clock, config.auditRetentionDays);
    // Due work runs at once after a move, as it would have on the leader's timers meanwhile.
    if (sharedTestClock) registerTestClockRoute(app, clock, sharedTestClock, async () => {
      await ruleEngine.evaluate();
      await escalations.tick();
      await auditRetention.runDue();
    });
    registerHistorianRoutes(app, context, historian);
    const functionRunner = countRuns(await createFunctionRunner(context, dispatch, { unsafeFunctions: config.unsafeFunctions, bwrap: config.bwrapPath }), metrics);
    registerFaasRoutes(app, context, functions, functionRunner);
    registerMappingRoutes(app, context, mappings);
    registerWriteApiRoutes(app, context);
    registerMetadataRoutes(app, context);
    registerAnomalyRoutes(app, context, anomaly);
    const bim = await registerBimServices(app, context);
    defineOwnerLookups(partnerResources, context, { functions, mappings, models: anomaly.store, graph: bim.graph });
    const controllerProxy = attachControllerProxy(server, context, realtimeDatabase.verifyIdToken);
    const searchSocket = attachSearchSocket(server, context);
    // Every upgrade socket is guarded first; a path none of the three websocket servers serves gets 404.
    guardUpgrades(server, (req) => {
      const url = req.url ?? '/';
      return new URL(url, 'http://localhost').pathname === WIRE_PATH || url.startsWith(`${CONTROLLER_PROXY_PATH}/`) || isSearchSocketPath(req, config.domain);
    });
    // Alive for the others: a node whose heartbeat goes stale has crashed, and the leader applies its connections' onDisconnect writes.
    const heartbeat = startNodeHeartbeat(db, config.nodeId, (error) => app.log.warn({ err: error }, 'node heartbeat'));
    // What other nodes commit reaches this node's sockets (PostgreSQL's NOTIFY; nothing on SQLite).
    const listener = startClusterListener(config.storage, config.nodeId, {
      notice(notice) {
        if (notice.channel === 'varde_alarm') alarms.announce(notice);
        else if (notice.channel === 'varde_caller') {
          callerCache.clear();
          if (notice.marker) callerWritesHeard.heard(notice.marker);
        } else if (notice.channel === 'varde_site') keptRows.clear();
        else if (notice.channel === 'varde_session') {
          realtimeDatabase.recheckSignIns();
          controllerProxy.recheckSignIns();
        } else if (notice.channel === 'varde_setting') {
          if (notice.name === 'simulation') simulationSwitch.apply().catch((error: unknown) => app.log.error(error, 'simulation switch'));
          else if (notice.name === TEST_CLOCK_SETTING) sharedTestClock?.load().catch((error: unknown) => app.log.error(error, 'test clock'));
        } else realtime.heardFromCluster(notice.id).catch((error: unknown) => app.log.error(error, 'realtime change from another node'));
      },
      resync(lostAt) {
        callerCache.clear();
        keptRows.clear();
        simulationSwitch.apply().catch((error: unknown) => app.log.error(error, 'simulation switch'));
        sharedTestClock?.load().catch((error: unknown) => app.log.error(error, 'test clock'));
        // A little before the loss: a write stamped just before it may have committed just after.
        const since = lostAt - RESYNC_MARGIN_MS;
        app.log.warn({ node: config.nodeId, since }, 'cluster notifications were lost for a while: catching up');
        realtimeDatabase.recheckSignIns();
        controllerProxy.recheckSignIns();
        void (async () => {
          for (const change of await alarms.changedSince(since)) alarms.announce(change);
          await realtime.catchUp(since);
        })().catch((error: unknown) => app.log.error(error, 'cluster catch-up'));
      },
    }, (error) => app.log.warn({ err: error, node: config.nodeId }, 'cluster LISTEN connection lost; reconnecting'));
    // A node that cannot hear the others' changes keeps no callers (on SQLite it always hears: it is alone).
    callerCache.setLive(() => listener.connected());
    keptRows.setLive(() => listener.connected());
    hearsCluster = () => listener.connected();

    if (firstStart && config.seed === 'demo') {
      await seedDemo(context);
      await seedDemoLicensing(context);
      await seedDemoRules(context);
      await seedDemoOnCall(schedules, clock);
      await seedDemoEscalations(policies, schedules);
      await seedDemoAnomaly(context);
      await seedDemoFunctionsAndMappings(context, functions, mappings);
      await seedDemoBim(bim.graph);
      if (config.bulkSites > 0) await seedBulkSites(context, config.bulkSites);
    }
    await startup.release();
    await app.ready();
    markReady();
    // What must run once in the cluster runs on the leader only (on SQLite: this node, at once).
    const cleanups = createCleanups(db, clock, (error) => app.log.error(error), () => outbox.sweepSmtp(), () => auditRetention.runDue());
    let replay: ReturnType<typeof startOnDisconnectReplay> | null = null;
    leadership.onChange((leading) => {
      app.log.info({ node: config.nodeId, leader: leading }, leading ? 'this node leads' : 'this node no longer leads');
      // The simulation runs on the leader when the cluster wants it (simulationSwitch.ts).
      simulationSwitch.apply().catch((error: unknown) => app.log.error(error, 'simulation switch'));
      if (leading) {
        ruleEngine.start();
        escalations.start();
        cleanups.start();
        replay ??= startOnDisconnectReplay(db, realtime, clock, (error) => app.log.error(error, 'onDisconnect replay'));
      } else {
        void ruleEngine.stop();
        void escalations.stop();
        void cleanups.stop();
        void replay?.stop();
        replay = null;
      }
    });
    leadership.start();

    let closed = false;
    return {
      url: config.publicOrigin,
      port,
      context,
      app,
      server,
      functions: functionRunner.mode,
      async close() {
        if (closed) return;
        closed = true;
        serving = false;
        await leadership.close();
        await simulation.stop();
        await ruleEngine.stop();
        await escalations.stop();
        await anomaly.training.close();
        await listener.close();
        await controllerProxy.close();
        searchSocket.close();
        await realtimeDatabase.close();
        await heartbeat.stop();
        await app.close();
        // close() stops accepting and ends idle keep-alive connections; then the busy ones go too.
        const stopped = new Promise<void>((done) => server.close(() => done()));
        server.closeAllConnections();
        await stopped;
        await outbox.close();
        await db.destroy();
      },
    };
  } catch (error) {
    server.close();
    await startup.release();
    await leadership.close();
    await db.destroy();
    throw error;
  }
}

/** Counts each run of a cloud function in the metrics, by how it ended. */
function countRuns(runner: FunctionRunner, metrics: CloudMetrics): FunctionRunner {
  return {
    mode: runner.mode,
    async run(caller, fn, body) {
      try {
        const result = await runner.run(caller, fn, body);
        metrics.functionRun(result.status);
        return result;
      } catch (error) {
        metrics.functionRun('refused');
        throw error;
      }
    },
  };
}
