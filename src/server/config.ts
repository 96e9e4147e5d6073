import { isIP } from 'node:net';
import { resolve } from 'node:path';

export type NodeEnv = 'development' | 'test' | 'production';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** What a variable's parser may use besides the value: where problems go, and the folder paths are relative to. */
export interface ConfigParseContext {
  readonly problems: string[];
  readonly cwd: string;
}

/**
 * One environment variable, declared once: loadConfig reads it with `parse`, and the README's
 * configuration table is generated from the rest (`npm run docs:config`; a test keeps them equal).
 */
export interface ConfigVariable<T = unknown> {
  readonly name: string;
  /** The default as a person would write it, and what `parse` reads when the variable is unset; undefined when there is none. */
  readonly default: string | undefined;
  readonly requiredInProduction: boolean;
  /** Markdown for the README's table. */
  readonly description: string;
  /**
   * Turns a set value (or the default) into its config value; a wrong value adds a problem that
   * never echoes it (the value returned then is never used: loadConfig throws).
   */
  readonly parse: (value: string, context: ConfigParseContext) => T;
  /** The value when unset, made from the fields declared before it, where the default depends on them. */
  readonly fallback?: (earlier: Readonly<Record<string, unknown>>) => T;
}

/** Variables that make one config field together (a key pair), with one problem naming them all. */
interface ConfigGroup<T> {
  readonly variables: readonly ConfigVariable[];
  /**
   * The field from the variables' values (undefined where unset), given the fields declared before
   * it (a rule that depends on NODE_ENV or another switch); adds a problem when they do not go together.
   */
  readonly combine: (values: readonly unknown[], problems: string[], earlier: Readonly<Record<string, unknown>>) => T;
}

/** The config value of a declared variable: undefined when it is unset and has no default. */
type ValueOf<V> = V extends { readonly parse: (...args: never[]) => infer T; readonly default: infer D }
  ? D extends string
    ? T
    : T | undefined
  : never;

// Keeps each variable's own default type, so a variable with a default reads as never undefined.
function variable<T, const D extends string | undefined>(declared: ConfigVariable<T> & { readonly default: D }) {
  return declared;
}

const nodeEnvs: readonly NodeEnv[] = ['development', 'test', 'production'];
const logLevels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
// GA4 measurement ids are "G-" and ten upper-case letters or digits; a little slack for older ids.
// The shape check also keeps the value safe to place in the HTML attribute it ends up in.
const analyticsIdPattern = /^G-[A-Z0-9]{4,16}$/;

const text = (value: string): string => value;

/** How the console may authenticate to the staff identity provider (OIDC_CLIENT_AUTH_METHOD). */
export const staffClientAuthMethods = ['client_secret_basic', 'client_secret_post'] as const;
export type StaffClientAuthMethod = (typeof staffClientAuthMethods)[number];

function oneOf<T extends string>(name: string, allowed: readonly T[], normalise: (value: string) => string = text) {
  return (value: string, { problems }: ConfigParseContext): T => {
    const found = allowed.find((a) => a === normalise(value));
    if (found !== undefined) return found;
    problems.push(`${name} must be one of ${allowed.join(', ')}`);
    return allowed[0] as T;
  };
}

function flag(name: string) {
  return (value: string, { problems }: ConfigParseContext): boolean => {
    const lower = value.toLowerCase();
    if (lower !== 'true' && lower !== 'false') problems.push(`${name} must be true or false`);
    return lower === 'true';
  };
}

function positiveWholeNumber(name: string) {
  return (value: string, { problems }: ConfigParseContext): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1) problems.push(`${name} must be a whole number of at least 1`);
    return Number(value);
  };
}

function wholeNumberUpTo(name: string, max: number) {
  return (value: string, { problems }: ConfigParseContext): number => {
    if (!/^\d+$/.test(value) || Number(value) > max) problems.push(`${name} must be a whole number from 0 to ${max}`);
    return Number(value);
  };
}

function urlWithProtocol(protocols: readonly string[], problem: string) {
  return (value: string, { problems }: ConfigParseContext): string => {
    const protocol = parseUrl(value)?.protocol;
    if (protocol === undefined || !protocols.includes(protocol)) problems.push(problem);
    return value;
  };
}

const path = (value: string, { cwd }: ConfigParseContext): string => resolve(cwd, value);
// Keys given on one line with \n (as env files often hold them) become real PEM line breaks.
const pem = (value: string): string => value.replace(/\\n/g, '\n');

// Keeps each variable's value type in the combine's arguments (a tuple, in the variables' order).
function together<const V extends readonly ConfigVariable[], T>(
  variables: V,
  combine: (
    values: { -readonly [I in keyof V]: ValueOf<V[I]> },
    problems: string[],
    earlier: Readonly<Record<string, unknown>>,
  ) => T,
): ConfigGroup<T> {
  return {
    variables,
    combine: (values, problems, earlier) =>
      combine(values as { -readonly [I in keyof V]: ValueOf<V[I]> }, problems, earlier),
  };
}

/**
 * Every config field, declared once, in the README's order (which is also the order problems are
 * listed in): a variable, or variables that go together. Config is made from these, so a new
 * variable is one more entry here (then `npm run docs:config` for the README).
 */
const declarations = {
  nodeEnv: variable({
    name: 'NODE_ENV',
    default: 'development',
    requiredInProduction: false,
    description:
      '`production` turns a missing or wrong value below into an error instead of a local default (`test` is also accepted)',
    parse: oneOf('NODE_ENV', nodeEnvs),
  }),
  port: variable({
    name: 'PORT',
    default: '3000',
    requiredInProduction: false,
    description: 'TCP port the server listens on',
    parse: (value, { problems }) => {
      if (!/^\d+$/.test(value) || Number(value) > 65535) problems.push('PORT must be a whole number from 0 to 65535');
      return Number(value);
    },
  }),
  host: variable({
    name: 'HOST',
    default: '0.0.0.0',
    requiredInProduction: false,
    description: 'Address it listens on (`127.0.0.1` for local connections only)',
    parse: text,
  }),
  /** TCP port of the Prometheus metrics listener (on HOST); undefined: no metrics listener. */
  metricsPort: variable({
    name: 'METRICS_PORT',
    default: undefined,
    requiredInProduction: false,
    description:
      'TCP port of a separate listener (on `METRICS_HOST`) answering `GET /metrics` with Prometheus metrics, for the server and for `npm run worker`; when not set nothing listens. It has no authentication: keep it unreachable from the internet',
    parse: (value, { problems }) => {
      if (!/^\d+$/.test(value) || Number(value) > 65535)
        problems.push('METRICS_PORT must be a whole number from 0 to 65535');
      return Number(value);
    },
  }),
  /** The address the metrics listener binds to: only this machine by default. */
  metricsHost: variable({
    name: 'METRICS_HOST',
    default: '127.0.0.1',
    requiredInProduction: false,
    description:
      'Address the metrics listener (`METRICS_PORT`) binds to: this machine only by default; `0.0.0.0` where Prometheus scrapes from another host (a container), on a network the internet cannot reach',
    parse: text,
  }),
  /** Absolute path; PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: variable({
    name: 'DATA_DIR',
    default: './data',
    requiredInProduction: false,
    description: 'Local data; the embedded PGlite database lives in `DATA_DIR/pglite` when `DATABASE_URL` is not set',
    parse: path,
  }),
  /** PostgreSQL connection string; undefined means the embedded PGlite database. */
  databaseUrl: variable({
    name: 'DATABASE_URL',
    default: undefined,
    requiredInProduction: false,
    description: 'PostgreSQL connection string; when not set, the embedded PGlite is used (one server instance only)',
    parse: urlWithProtocol(
      ['postgres:', 'postgresql:'],
      'DATABASE_URL must be a postgres:// or postgresql:// connection string',
    ),
  }),
  /** The address users reach the service at, without a trailing slash (used in emailed links). */
  publicBaseUrl: variable({
    name: 'PUBLIC_BASE_URL',
    // Locally the service is reached on its own port, which the fallback puts in.
    default: 'http://localhost:<PORT>',
    requiredInProduction: true,
    description: 'The address users reach the service at, used in the links of emails',
    parse: (value, { problems }) => {
      const url = parseUrl(value);
      if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        problems.push('PUBLIC_BASE_URL must be an absolute http:// or https:// address');
      } else if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
        problems.push('PUBLIC_BASE_URL must not contain a query string, fragment or credentials');
      } else {
        return url.href.replace(/\/+$/, '');
      }
      return value;
    },
    fallback: ({ port }) => `http://localhost:${String(port)}`,
  }),
  logLevel: variable({
    name: 'LOG_LEVEL',
    default: 'info',
    requiredInProduction: false,
    description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    parse: oneOf('LOG_LEVEL', logLevels, (value) => value.toLowerCase()),
  }),
  /** Google Analytics 4 measurement id; undefined turns analytics (and its CSP hosts) off. */
  analyticsId: variable({
    name: 'ANALYTICS_ID',
    default: undefined,
    requiredInProduction: false,
    description:
      'Google Analytics 4 measurement id (`G-XXXXXXXXXX`); when not set there is no analytics and no Google host in the Content-Security-Policy',
    parse: (value, { problems }) => {
      if (!analyticsIdPattern.test(value))
        problems.push('ANALYTICS_ID must be a Google Analytics 4 measurement id such as G-ABC123DEF4');
      return value;
    },
  }),
  /** Applications that pass the automated checks wait for a caseworker instead of being approved. */
  manualReview: variable({
    name: 'MANUAL_REVIEW',
    default: 'false',
    requiredInProduction: false,
    description:
      '`true`: applications that pass the automated checks wait, in progress, for a caseworker instead of being approved',
    parse: flag('MANUAL_REVIEW'),
  }),
  /** How long a status link stays valid. */
  statusLinkTtlDays: variable({
    name: 'STATUS_LINK_TTL_DAYS',
    default: '90',
    requiredInProduction: false,
    description: 'Days a status link in an email stays valid',
    parse: positiveWholeNumber('STATUS_LINK_TTL_DAYS'),
  }),
  /** Days after the leave date after which a decided application's personal data is deleted; also the oldest status link that can be exchanged for a new one. */
  retentionDays: variable({
    name: 'RETENTION_DAYS',
    default: '180',
    requiredInProduction: false,
    description:
      'Days after the leave date after which the personal data of a decided application is deleted; also the age after which an old status link can no longer be exchanged for a new one',
    parse: positiveWholeNumber('RETENTION_DAYS'),
  }),
  /** Minutes the sponsor's decision email waits for more decisions on the same submission (0: none). */
  decisionEmailWindowMinutes: variable({
    name: 'DECISION_EMAIL_WINDOW_MINUTES',
    default: '10',
    requiredInProduction: false,
    description:
      'Minutes (0 to 1440) a decision waits for others on the same submission, so the sponsor gets the decisions made close together in one email; `0` sends at once. Once every application of a submission is decided, its email goes at once',
    // At most a day: the decision is promised within 72 hours of applying.
    parse: wholeNumberUpTo('DECISION_EMAIL_WINDOW_MINUTES', 1440),
  }),
  /** PEM keys (PKCS#8 private, SPKI public, ES256) signing status links; undefined: generated once in dataDir. */
  tokenKeys: together(
    [
      variable({
        name: 'TOKEN_PRIVATE_KEY',
        default: undefined,
        requiredInProduction: true,
        description:
          'PEM (PKCS#8) ES256 private key signing status links, set with `TOKEN_PUBLIC_KEY`; one line with `\\n` is accepted. When not set outside production, a key pair is generated once into `DATA_DIR`',
        parse: pem,
      }),
      variable({
        name: 'TOKEN_PUBLIC_KEY',
        default: undefined,
        requiredInProduction: true,
        description:
          'PEM (SPKI) public key matching `TOKEN_PRIVATE_KEY`, verifying status links; one line with `\\n` is accepted',
        parse: pem,
      }),
    ],
    ([privateKeyPem, publicKeyPem], problems) => {
      if (privateKeyPem !== undefined && publicKeyPem !== undefined) return { privateKeyPem, publicKeyPem };
      if ((privateKeyPem === undefined) !== (publicKeyPem === undefined))
        problems.push('TOKEN_PRIVATE_KEY and TOKEN_PUBLIC_KEY must be set together');
      return undefined;
    },
  ),
  /** The PEM private key signing pre-clearance documents; generated into DATA_DIR when not set outside production. */
  documentPrivateKey: variable({
    name: 'DOCUMENT_PRIVATE_KEY',
    default: undefined,
    requiredInProduction: true,
    description:
      'PEM (PKCS#8) ES256 private key signing the QR codes of pre-clearance documents (never the status links’ key); one line with `\\n` is accepted. Its public key is published at `/.well-known/jwks.json`; after a change, the old public key stays published until the last document it signed has expired. When not set outside production, a key is generated once into `DATA_DIR`',
    parse: pem,
  }),
  /** Worker threads drawing pre-clearance PDFs, off the event loop (decision 054). */
  documentThreads: variable({
    name: 'DOCUMENT_THREADS',
    default: '1',
    requiredInProduction: false,
    description:
      'Worker threads that draw pre-clearance PDFs, so a download never holds up other requests (about 75 ms of CPU for 10 documents); each thread parses the fonts at start-up and holds about 60 MiB. One leaves a 2-core instance one core for everything else; give more where there are more cores',
    parse: positiveWholeNumber('DOCUMENT_THREADS'),
  }),
  /** Downloads waiting for a drawing thread, beyond those drawn; one more is answered 503 with Retry-After. */
  documentQueue: variable({
    name: 'DOCUMENT_QUEUE',
    default: '20',
    requiredInProduction: false,
    description:
      'Downloads of pre-clearance documents that may wait for a drawing thread on one instance, beyond those being drawn (`DOCUMENT_THREADS`); one more is answered 503 with `Retry-After` before anything is issued, and the status page says to try again',
    parse: wholeNumberUpTo('DOCUMENT_QUEUE', 1000),
  }),
  /** `smtp://` or `smtps://` address of a mail server; emails go there when set. */
  smtpUrl: variable({
    name: 'SMTP_URL',
    default: undefined,
    requiredInProduction: false,
    description: '`smtp://user:password@host:587` or `smtps://…`: send emails through this mail server',
    parse: urlWithProtocol(['smtp:', 'smtps:'], 'SMTP_URL must be an smtp:// or smtps:// address'),
  }),
  /** GOV.UK Notify: emails go through Notify when the key is set (it wins over SMTP). */
  notify: together(
    [
      variable({
        name: 'NOTIFY_API_KEY',
        default: undefined,
        requiredInProduction: false,
        description: 'GOV.UK Notify API key: send emails through Notify (before SMTP)',
        parse: text,
      }),
      variable({
        name: 'NOTIFY_TEMPLATE_ID',
        default: undefined,
        requiredInProduction: false,
        description:
          'The Notify email template to use, with `((subject))` as its subject and `((body))` as its body; needed with `NOTIFY_API_KEY`',
        parse: text,
      }),
    ],
    ([apiKey, templateId], problems) => {
      if (apiKey !== undefined && templateId === undefined) {
        problems.push('NOTIFY_TEMPLATE_ID is required when NOTIFY_API_KEY is set');
      }
      return apiKey !== undefined && templateId !== undefined ? { apiKey, templateId } : undefined;
    },
  ),
  /** The From address of emails sent by SMTP or written to the outbox folder. */
  emailFrom: variable({
    name: 'EMAIL_FROM',
    default: 'Creative worker concession <no-reply@localhost>',
    requiredInProduction: false,
    description: 'From address of emails sent by SMTP or written to the outbox folder',
    parse: text,
  }),
  /** Run the job worker inside the server process (false when `npm run worker` runs separately). */
  runWorker: variable({
    name: 'RUN_WORKER',
    default: 'true',
    requiredInProduction: false,
    description: '`false`: the server does not run the job worker itself; run one or more `npm run worker` instead',
    parse: flag('RUN_WORKER'),
  }),
  /**
   * Which X-Forwarded-For entries to believe when limiting requests per client address: false
   * (none), the number of proxies in front (hops), or the proxies' addresses and CIDR ranges
   * (comma-separated). Fastify's `trustProxy` takes each as it is.
   */
  trustProxy: variable({
    name: 'TRUST_PROXY',
    default: 'false',
    requiredInProduction: false,
    description:
      'Behind a load balancer, which `X-Forwarded-For` entries to believe for the client address of the rate limits: the number of proxies in front of the service (`1`), or their addresses and CIDR ranges, comma-separated (`10.0.0.0/8,192.168.0.0/16`). A number believes that many hops whoever sent them, so use it only when the service cannot be reached except through the proxies; ranges are safer. `true` is refused: it would take the left-most address, which any client can write itself',
    parse: (value, { problems }) => parseTrustProxy(value, problems),
  }),
  /** Seconds a client has to send a request's headers and body before the connection is cut. */
  requestTimeoutSeconds: variable({
    name: 'REQUEST_TIMEOUT_SECONDS',
    default: '30',
    requiredInProduction: false,
    description:
      'Seconds (1 to 600) a client has to send the headers and the body of a request; a slower one is answered 408 or disconnected',
    parse: (value, context) => {
      const seconds = positiveWholeNumber('REQUEST_TIMEOUT_SECONDS')(value, context);
      if (seconds > 600) context.problems.push('REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 600');
      return seconds;
    },
  }),
  /** Submissions accepted per client address per minute, across every instance. */
  submissionRateLimit: variable({
    name: 'SUBMISSION_RATE_LIMIT',
    default: '30',
    requiredInProduction: false,
    description:
      'Submissions accepted per client address per minute, counted in the database across every instance; more are answered 429',
    parse: positiveWholeNumber('SUBMISSION_RATE_LIMIT'),
  }),
  /** Status, download and new-link calls, status links opened and the status pages' forms accepted per client address per minute, across every instance. */
  statusRateLimit: variable({
    name: 'STATUS_RATE_LIMIT',
    default: '60',
    requiredInProduction: false,
    description:
      'Status, document and new-link calls, status links opened, and the status pages’ forms, accepted per client address per minute, together, counted in the database across every instance; more are answered 429 (a status link’s at an address without its token)',
    parse: positiveWholeNumber('STATUS_RATE_LIMIT'),
  }),
  /** Checks of pre-clearance documents (the check page and its call) accepted per client address per minute. */
  checkRateLimit: variable({
    name: 'CHECK_RATE_LIMIT',
    default: '30',
    requiredInProduction: false,
    description:
      'Checks of pre-clearance documents (the check page, its form and its call) accepted per client address per minute, counted in the database across every instance; more are answered 429 with the time to try again at. Apart from this, typed checks that find nothing slow an address down and then stop it (decision 042); a QR code whose signature verifies is always answered',
    parse: positiveWholeNumber('CHECK_RATE_LIMIT'),
  }),
  /** Forms sent to the pages (without JavaScript), and the journey's look-ups of certificate numbers (with it), per client address per minute, across every page and instance. */
  formRateLimit: variable({
    name: 'FORM_RATE_LIMIT',
    default: '60',
    requiredInProduction: false,
    description:
      'Forms sent to the pages (without JavaScript), and the look-ups of certificate of sponsorship numbers in use that check your answers and the group overview make (with it), accepted per client address per minute, across every page, counted in the database across every instance; more are answered 429 (a form, with a page that offers to send it again)',
    parse: positiveWholeNumber('FORM_RATE_LIMIT'),
  }),
  /** Anonymous sessions (started by a first answer) one client address may start per hour; a verified status link's are not counted. */
  sessionRateLimit: variable({
    name: 'SESSION_RATE_LIMIT',
    default: '30',
    requiredInProduction: false,
    description:
      'Sessions that one client address may start per hour with a first answer, counted in the database across every instance; a form that would start one more is answered 429 with a page. A status link whose token verifies starts its session outside this budget (it spends STATUS_RATE_LIMIT)',
    parse: positiveWholeNumber('SESSION_RATE_LIMIT'),
  }),
  /** Emails sent to one email address per hour, across every submission; more wait for the next hour. */
  emailRateLimit: variable({
    name: 'EMAIL_RATE_LIMIT',
    default: '10',
    requiredInProduction: false,
    description:
      'Emails sent to one email address per hour, across every submission and instance; more wait for the next hour (each wait counts as one of the email’s 10 attempts), so an address given in many applications is not flooded',
    parse: positiveWholeNumber('EMAIL_RATE_LIMIT'),
  }),
  /** Distinct email addresses the requests of one client address may have the service email in an hour. */
  emailSenderLimit: variable({
    name: 'EMAIL_SENDER_LIMIT',
    default: '20',
    requiredInProduction: false,
    description:
      'Distinct email addresses that the requests from one client address may have the service email in an hour (submissions, saved applications, new status links), counted in the database across every instance; a request that would email one more is refused, so the service cannot be used to send an attacker’s words to strangers',
    parse: positiveWholeNumber('EMAIL_SENDER_LIMIT'),
  }),
  /** The key of the security log's hash of client addresses; a random key of each process when unset. */
  securityLogKey: variable({
    name: 'SECURITY_LOG_KEY',
    default: undefined,
    requiredInProduction: false,
    description:
      'Secret key of the keyed hash (HMAC-SHA-256) that stands for the client address in the security log, so one client can be followed across lines without the log holding addresses; give every instance the same one. When not set, each process makes a random key, and the same client reads differently in each process and after a restart',
    parse: text,
  }),
  /** Whether the caseworker console is served at /caseworker. */
  caseworkerConsole: variable({
    name: 'CASEWORKER_CONSOLE',
    default: 'true',
    requiredInProduction: false,
    description:
      '`false`: the caseworker console at `/caseworker` is not served (and the `OIDC_*` variables are not needed)',
    parse: flag('CASEWORKER_CONSOLE'),
  }),
  /**
   * The staff identity provider (OpenID Connect) the console signs caseworkers in with; undefined
   * outside production when none is set: `npm start` then starts the local one (decision 038).
   */
  oidc: together(
    [
      variable({
        name: 'OIDC_ISSUER',
        default: undefined,
        requiredInProduction: false,
        description:
          'Issuer of the OpenID Connect provider that caseworkers sign in with (its discovery document is at `<issuer>/.well-known/openid-configuration`); **required in production** while `CASEWORKER_CONSOLE` is `true`, and `https://` there. When none of the `OIDC_*` client settings is set outside production, `npm start` starts a local provider with two staff users and an account without a console role, and prints them',
        parse: (value, { problems }) => {
          const url = parseUrl(value);
          if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
            problems.push('OIDC_ISSUER must be an absolute http:// or https:// address');
          } else if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
            problems.push('OIDC_ISSUER must not contain a query string, fragment or credentials');
          }
          return value;
        },
      }),
      variable({
        name: 'OIDC_CLIENT_ID',
        default: undefined,
        requiredInProduction: false,
        description:
          'The service’s client id at the OpenID Connect provider; **required in production** while `CASEWORKER_CONSOLE` is `true`',
        parse: text,
      }),
      variable({
        name: 'OIDC_CLIENT_SECRET',
        default: undefined,
        requiredInProduction: false,
        description:
          'The service’s client secret at the OpenID Connect provider; **required in production** while `CASEWORKER_CONSOLE` is `true`',
        parse: text,
      }),
    ],
    ([issuer, clientId, clientSecret], problems, earlier) => {
      const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'];
      const unset = names.filter((_, i) => [issuer, clientId, clientSecret][i] === undefined);
      const production = earlier.nodeEnv === 'production';
      if (production && earlier.caseworkerConsole === true && unset.length > 0) {
        problems.push(
          `${listOf(unset)} ${unset.length === 1 ? 'is' : 'are'} required when NODE_ENV=production and the caseworker console is on (CASEWORKER_CONSOLE=false turns it off)`,
        );
      } else if (unset.length > 0 && unset.length < names.length) {
        problems.push(`${listOf(names)} must be set together (none: a local provider, outside production)`);
      }
      if (production && issuer !== undefined && parseUrl(issuer)?.protocol === 'http:') {
        problems.push('OIDC_ISSUER must be an https:// address when NODE_ENV=production');
      }
      return issuer !== undefined && clientId !== undefined && clientSecret !== undefined
        ? { issuer, clientId, clientSecret }
        : undefined;
    },
  ),
  /** The ID token claim that holds a caseworker's roles. */
  oidcRolesClaim: variable({
    name: 'OIDC_ROLES_CLAIM',
    default: 'roles',
    requiredInProduction: false,
    description:
      'The ID token claim holding a caseworker’s roles (an array, or a space-separated string): `CASEWORKER`, `CASEWORKER_ADMIN`; other roles are ignored, and a caseworker with neither is not let in',
    parse: (value, { problems }) => {
      if (!/^[\w.:/-]{1,100}$/.test(value)) problems.push('OIDC_ROLES_CLAIM must be a claim name');
      return value;
    },
  }),
  /** How the console authenticates to the provider's token endpoint. */
  oidcClientAuthMethod: variable({
    name: 'OIDC_CLIENT_AUTH_METHOD',
    default: 'client_secret_basic',
    requiredInProduction: false,
    description:
      'How the console proves itself to the OpenID Connect provider’s token endpoint, as registered there: `client_secret_basic` (HTTP Basic) or `client_secret_post` (in the form), for providers that do not decode form-encoded Basic credentials (a client id with a hyphen, say)',
    parse: oneOf('OIDC_CLIENT_AUTH_METHOD', staffClientAuthMethods),
  }),
  /** The local identity provider's port, outside production when no OIDC provider is set. */
  localIdpPort: variable({
    name: 'LOCAL_IDP_PORT',
    default: '3009',
    requiredInProduction: false,
    description:
      'TCP port (on 127.0.0.1) of the local OpenID Connect provider that `npm start` starts outside production when the `OIDC_*` client settings are not set; `0`, or the port in use: any free port',
    parse: (value, { problems }) => {
      if (!/^\d+$/.test(value) || Number(value) > 65535)
        problems.push('LOCAL_IDP_PORT must be a whole number from 0 to 65535');
      return Number(value);
    },
  }),
  /** Absolute path of the built SPA (Vite's output). */
  webRoot: variable({
    name: 'WEB_ROOT',
    default: './dist/web',
    requiredInProduction: false,
    description: 'Folder of the built app that the server serves',
    parse: path,
  }),
};

type Declarations = typeof declarations;

/** Everything the server reads from its environment, parsed and checked once at start-up. */
export type Config = {
  readonly [K in keyof Declarations]: Declarations[K] extends ConfigGroup<infer T> ? T : ValueOf<Declarations[K]>;
} & {
  /** NODE_ENV is `production`. */
  readonly isProduction: boolean;
};

const isGroup = (declared: ConfigVariable | ConfigGroup<unknown>): declared is ConfigGroup<unknown> =>
  'combine' in declared;

/** The environment variables the server reads, in the README's order; the README's table is generated from them. */
export const configVariables: readonly ConfigVariable[] = Object.values(declarations).flatMap(
  (declared: ConfigVariable | ConfigGroup<unknown>) => (isGroup(declared) ? declared.variables : [declared]),
);

/** The README's configuration table (markdown), generated from configVariables; `npm run docs:config` prints it. */
export function configMarkdownTable(): string {
  const rows = configVariables.map((v) => {
    const fallback = v.default === undefined ? 'none' : `\`${v.default}\``;
    const required = v.requiredInProduction ? '; **required in production**' : '';
    return `| \`${v.name}\` | ${fallback} | ${v.description}${required} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n') + '\n';
}

/** Thrown by loadConfig with every problem found, so one start-up attempt shows them all. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the environment once. Values are never echoed in errors: DATABASE_URL can hold a password.
 * An empty variable counts as unset, the way `FOO=` lines in env files are meant. Problems are
 * listed in the order of the declarations.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const context: ConfigParseContext = { problems, cwd };
  const fields: Record<string, unknown> = {};
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  /** The set value parsed, else the fallback, else the declared default parsed, else undefined. */
  const valueOf = (v: ConfigVariable): unknown => {
    const value = read(v.name);
    if (value !== undefined) return v.parse(value, context);
    if (v.fallback !== undefined) return v.fallback(fields);
    return v.default === undefined ? undefined : v.parse(v.default, context);
  };
  // NODE_ENV is declared first, so it is read before any variable that production requires.
  const isProduction = (): boolean => fields.nodeEnv === 'production';
  // One problem for variables that go together (a key pair), so the message names them both.
  const requireInProduction = (required: readonly ConfigVariable[]): void => {
    if (isProduction() && required.every((v) => v.requiredInProduction && read(v.name) === undefined)) {
      problems.push(
        `${required.map((v) => v.name).join(' and ')} ${required.length === 1 ? 'is' : 'are'} required when NODE_ENV=production`,
      );
    }
  };

  for (const [field, declared] of Object.entries(declarations) as [string, ConfigVariable | ConfigGroup<unknown>][]) {
    if (isGroup(declared)) {
      const values = declared.variables.map(valueOf);
      requireInProduction(declared.variables);
      fields[field] = declared.combine(values, problems, fields);
    } else {
      requireInProduction([declared]);
      fields[field] = valueOf(declared);
    }
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...fields, isProduction: isProduction() }) as Config;
}

/**
 * NODE_ENV is `production` in this process's environment: for a guard that must hold whatever
 * config its caller passes (the local identity provider refuses to start in production).
 */
export function runsInProduction(env: Env = process.env): boolean {
  return env.NODE_ENV?.trim() === 'production';
}

const trustProxyNames = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length, or (for IPv4) a dotted netmask as proxy-addr also reads.
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. `true` is refused, not mapped: it trusts every hop, so
 * the client address becomes the left-most X-Forwarded-For entry, which the client writes itself,
 * and anyone could then dodge the per-address rate limits. Only the operator knows how many
 * proxies there are, so the value must say it.
 */
function parseTrustProxy(value: string | undefined, problems: string[]): false | number | string {
  if (value === undefined || value.toLowerCase() === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true would let any client choose its own address for the rate limits: set the number of proxies in front of the service (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.0.0/16)',
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    if (Number(value) > 10)
      problems.push(
        'TRUST_PROXY must be a number of proxies from 0 to 10, or their addresses and CIDR ranges, comma-separated',
      );
    return Number(value);
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every((entry) => trustProxyNames.includes(entry) || isAddressOrRange(entry))) {
    problems.push(
      'TRUST_PROXY must be false, a number of proxies (1), or addresses and CIDR ranges, comma-separated (10.0.0.0/8,192.168.0.0/16)',
    );
    return false;
  }
  return entries.join(',');
}

/** `A`, `A and B`, `A, B and C`. */
function listOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
