import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { databaseOptionsFromConfig, openDatabase } from './db/database.ts';
import { runMigrations } from './db/migrations.ts';
import { createDocumentPool, type DocumentDrawing } from './pdf/document-drawing.ts';
import { createDocumentService } from './services/documents/document-service.ts';
import { createClearanceCheckForms } from './http/clearance-check-forms.ts';
import { registerClearanceCheckRoute } from './http/clearance-check-route.ts';
import { createFeedbackForms } from './http/feedback-forms.ts';
import { registerFeedbackRoute } from './http/feedback-route.ts';
import { registerCosReferencesInUseRoute } from './http/cos-references-in-use-route.ts';
import { registerDocumentKeysRoute } from './http/document-keys-route.ts';
import { registerErrorHandler } from './http/error-handlers.ts';
import { registerHealthRoutes } from './http/health-routes.ts';
import { registerNewFromConcessionRoute } from './http/new-from-concession-route.ts';
import { registerNewStatusLinkRoute } from './http/new-status-link-route.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerStatusRoutes } from './http/status-routes.ts';
import { registerWebApp } from './http/web-app.ts';
import { createCookies } from './platform/cookies.ts';
import { registerConsole } from './console/console.ts';
import { createStaffSessions } from './services/staff/staff-sessions.ts';
import {
  createStaffSignIn,
  STAFF_CALLBACK_PATH,
  STAFF_SIGNED_OUT_PATH,
  type StaffSignIn,
} from './console/staff-sign-in.ts';
import { createFormSessions } from './http/form-session-store.ts';
import { registerRateLimits } from './platform/rate-limits.ts';
import { createJourneyForms } from './http/journey-forms.ts';
import { createSavedDraftForms } from './http/saved-draft-forms.ts';
import { createStatusLinkRecoveryForms } from './http/status-link-recovery-forms.ts';
import { createStatusForms, keepStatusOpen } from './http/status-forms.ts';
import { createLogger } from './logger.ts';
import { createSecurityLog } from './security/security-log.ts';
import type { ServiceMetrics } from './metrics/metrics.ts';
import { registerHttpMetrics } from './metrics/metrics.ts';
import { createDocumentTokens, type DocumentTokens } from './tokens/document-tokens.ts';
import { createClearanceChecker } from './services/clearance-checks.ts';
import { createCosReferenceLookup } from './services/cos-references.ts';
import { createFeedbackGiver } from './services/feedback.ts';
import { createJourney } from './services/journey.ts';
import { createSavedDrafts } from './services/saved-drafts.ts';
import { recoverStatusLink } from './services/status-link-recovery.ts';
import { requestNewStatusLink } from './services/new-status-link.ts';
import { createStatusAccess } from './services/status-access.ts';
import { createStatusLinkTokens, type StatusLinkTokens } from './tokens/status-link-tokens.ts';

export interface AppDeps {
  /** An opened, migrated database; without one the app opens (and on close, closes) its own. */
  readonly database?: Database;
  /** The logger to use; without one a logger is made from config, writing to logDestination. */
  readonly logger?: FastifyBaseLogger;
  /** Where log lines go (stdout by default); tests capture them here. */
  readonly logDestination?: DestinationStream;
  /** The clock the rules and records use; tests fix it. */
  readonly now?: () => Date;
  /** Status-link tokens; without them they are made from config when first needed. */
  readonly tokens?: StatusLinkTokens;
  /** Documents' tokens; without them they are made from config when first needed. */
  readonly documentTokens?: DocumentTokens;
  /** Where requests and submissions are counted (METRICS_PORT); none counted without. */
  readonly metrics?: ServiceMetrics;
  /**
   * Where the PDFs are drawn (decision 054): main.ts gives the pool it started, and closes it
   * after the app. Without it the app makes a pool from config, started at its first download
   * and closed with the app.
   */
  readonly documentDrawing?: DocumentDrawing;
  /** The console's sign-in at the staff identity provider; without it, made from config.oidc. Tests give one that reads roles without a provider. */
  readonly staffSignIn?: StaffSignIn;
}

/**
 * Opens the database the configuration names and applies pending migrations: what the server,
 * the stand-alone worker and the caseworker commands each do first. The caller closes it.
 */
export async function openServiceDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<Database> {
  const database = await openDatabase(
    databaseOptionsFromConfig(config, (error) => logger.warn({ err: error }, 'Idle database connection failed')),
  );
  try {
    logger.info({ engine: database.engine }, 'Database opened');
    const applied = await runMigrations(database);
    if (applied.length > 0) {
      logger.info(
        { migrations: applied.map((m) => `${String(m.version).padStart(3, '0')}-${m.name}`) },
        'Migrations applied',
      );
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 reads a plain number as "trust nothing" (it cannot
 * tell a proxy from a client that sent enough entries), so a number of proxies becomes a function
 * that believes the socket's peer and the entries the other proxies added, right to left, and no
 * more: the client address is the entry the outermost proxy wrote, never one the client wrote.
 */
function trustProxyOption(
  trustProxy: Config['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/** The whole HTTP service, ready for `inject` or `listen`; it does not listen itself. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logger = deps.logger ?? createLogger(config, deps.logDestination);
  const app = Fastify({
    loggerInstance: logger,
    // Unique across instances, so one request can be followed through the logs of a cluster.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Behind a load balancer the client address (for rate limits) is read from X-Forwarded-For,
    // believing only the hops or ranges configured (config.ts refuses `true`).
    trustProxy: trustProxyOption(config.trustProxy),
    // A client that trickles its headers or body would otherwise hold a connection for good.
    // Fastify's requestTimeout covers the whole request; Node's headersTimeout the headers, and
    // Node only checks both every connectionsCheckingInterval (30 s by default), hence the interval.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: config.requestTimeoutSeconds * 1000,
      requestTimeout: config.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(30_000, (config.requestTimeoutSeconds * 1000) / 4),
    },
  });

  let database = deps.database;
  if (database === undefined) {
    const owned = await openServiceDatabase(config, logger);
    app.addHook('onClose', () => owned.close());
    database = owned;
  }

  const { metrics } = deps;
  // A root hook: it sees every route, whichever plugin scope registered it.
  if (metrics !== undefined) registerHttpMetrics(app, metrics);
  // First: plugin scopes registered below take the error handler their parent has at that moment.
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  // Before the static files (the plugin's rule), so files without a .br/.gz and JSON answers are
  // compressed on the fly. Request bodies are not inflated: none of the API needs it.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false, threshold: 256 });

  // API answers can hold personal data: no browser or proxy should keep a copy. Every answer
  // starts as no-store and only the routes serving the built files (web-app.ts) set their own
  // caching, so the decision follows the route that answers, not the raw URL: the router decodes
  // `/%61pi/...` to an API route that a prefix test on request.url would miss.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  registerHealthRoutes(app, database, deps.now ?? (() => new Date()));
  const now = deps.now ?? (() => new Date());
  const securityLog = createSecurityLog({ logger: app.log, addressKey: config.securityLogKey, metrics });
  const limits = await registerRateLimits(app, { database, now, securityLog, settings: config });
  const emailSenders = { perHour: config.emailSenderLimit, securityLog };
  await registerNewFromConcessionRoute(app, { database, limits, now, metrics, emailSenders });
  // Made on first use: keys may be generated into DATA_DIR, which most requests never need.
  let tokens: Promise<StatusLinkTokens> | undefined =
    deps.tokens === undefined ? undefined : Promise.resolve(deps.tokens);
  const statusLinkTokens = () => (tokens ??= createStatusLinkTokens(config, { now }));
  let documentTokens: Promise<DocumentTokens> | undefined =
    deps.documentTokens === undefined ? undefined : Promise.resolve(deps.documentTokens);
  let drawing = deps.documentDrawing;
  if (drawing === undefined) {
    const owned = createDocumentPool({ threads: config.documentThreads, queue: config.documentQueue });
    app.addHook('onClose', () => owned.close());
    drawing = owned;
  }
  const documents = createDocumentService({
    database,
    now,
    drawing,
    tokens: () => (documentTokens ??= createDocumentTokens(config)),
  });
  registerDocumentKeysRoute(app, { documents });
  await registerClearanceCheckRoute(app, {
    database,
    documents,
    limits,
    now,
    securityLog,
  });
  await registerFeedbackRoute(app, { database, limits, now, securityLog });
  const lookUpCosReferences = createCosReferenceLookup(database);
  await registerCosReferencesInUseRoute(app, { lookUp: lookUpCosReferences, limits });
  const cookies = createCookies({ alwaysSecure: config.isProduction });
  const sessions = createFormSessions({ database, now, cookies, limits });
  await registerStatusRoutes(app, {
    opened: (request, reply, token) => keepStatusOpen(sessions, now, request, reply, token),
    database,
    limits,
    now,
    tokens: statusLinkTokens,
    documents,
    metrics,
    securityLog,
  });
  await registerNewStatusLinkRoute(app, {
    config,
    database,
    limits,
    now,
    tokens: statusLinkTokens,
    metrics,
    securityLog,
  });
  // The caseworker console, before the web app, whose catch-all would take its addresses. Without
  // a provider (a server test's buildApp; `npm start` starts a local one) it is left out.
  if (config.caseworkerConsole) {
    if (config.oidc === undefined) {
      app.log.warn('CASEWORKER_CONSOLE is on but no OIDC provider is configured: the console is off');
    } else {
      const signIn =
        deps.staffSignIn ??
        createStaffSignIn({
          ...config.oidc,
          redirectUri: new URL(STAFF_CALLBACK_PATH, config.publicBaseUrl).href,
          postLogoutRedirectUri: new URL(STAFF_SIGNED_OUT_PATH, config.publicBaseUrl).href,
          rolesClaim: config.oidcRolesClaim,
          clientAuthMethod: config.oidcClientAuthMethod,
        });
      await registerConsole(app, {
        config,
        database,
        now,
        cookies,
        limits,
        securityLog,
        // The roles read again from the provider at least every 15 minutes of activity.
        sessions: createStaffSessions(database, { recheckRoles: (held) => signIn.rolesAgain(held) }),
        signIn,
        issuerOrigin: new URL(config.oidc.issuer).origin,
      });
    }
  }
  const drafts = createSavedDrafts({ database, now, limits: limits.table, emailSenders });
  await registerWebApp(app, config, {
    sessions,
    limits,
    cookies,
    securityLog,
    handlers: [
      createJourneyForms(createJourney({ database, now, lookUpCosReferences, metrics, emailSenders }), drafts),
      createSavedDraftForms(drafts),
      createStatusForms({
        access: createStatusAccess({ database, now, tokens: statusLinkTokens, documents, metrics, securityLog }),
        requestNewLink: (token, licenceNumber, place, log) =>
          requestNewStatusLink(
            { config, database, now, tokens: statusLinkTokens, metrics, securityLog },
            token,
            licenceNumber,
            place,
            log,
          ),
        now,
      }),
      createClearanceCheckForms({
        check: createClearanceChecker({ database, documents, now, securityLog }),
        now,
      }),
      createFeedbackForms({ give: createFeedbackGiver({ database, limits, now }) }),
      createStatusLinkRecoveryForms({
        recover: (request, place, log) =>
          recoverStatusLink({ config, database, now, securityLog }, request, place, log),
      }),
    ],
  });
  return app;
}
