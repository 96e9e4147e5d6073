import { isIP } from 'node:net';
import { resolve } from 'node:path';

export type NodeEnv = 'development' | 'test' | 'production';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from its environment, parsed and checked once at start-up. */
export interface Config {
  readonly nodeEnv: NodeEnv;
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  /** Absolute path; PGlite keeps its files in `<dataDir>/pglite`. */
  readonly dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database. */
  readonly databaseUrl: string | undefined;
  /** The address users reach the service at, without a trailing slash (used in emailed links). */
  readonly publicBaseUrl: string;
  readonly logLevel: LogLevel;
  /** Google Analytics 4 measurement id; undefined turns analytics (and its CSP hosts) off. */
  readonly analyticsId: string | undefined;
  /** Absolute path of the built SPA (Vite's output). */
  readonly webRoot: string;
  /** Applications that pass the automated checks wait for a caseworker instead of being approved. */
  readonly manualReview: boolean;
  /** How long a status link stays valid. */
  readonly statusLinkTtlDays: number;
  /** PEM keys (PKCS#8 private, SPKI public, ES256) signing status links; undefined: generated once in dataDir. */
  readonly tokenKeys: { readonly privateKeyPem: string; readonly publicKeyPem: string } | undefined;
  /** `smtp://` or `smtps://` address of a mail server; emails go there when set. */
  readonly smtpUrl: string | undefined;
  /** GOV.UK Notify: emails go through Notify when the key is set (it wins over SMTP). */
  readonly notify: { readonly apiKey: string; readonly templateId: string } | undefined;
  /** The From address of emails sent by SMTP or written to the outbox folder. */
  readonly emailFrom: string;
  /** Days after the leave date after which a decided application's personal data is deleted; also the oldest status link that can be exchanged for a new one. */
  readonly retentionDays: number;
  /** Run the job worker inside the server process (false when `npm run worker` runs separately). */
  readonly runWorker: boolean;
  /**
   * Which X-Forwarded-For entries to believe when limiting requests per client address: false
   * (none), the number of proxies in front (hops), or the proxies' addresses and CIDR ranges
   * (comma-separated). Fastify's `trustProxy` takes each as it is.
   */
  readonly trustProxy: false | number | string;
  /** Seconds a client has to send a request's headers and body before the connection is cut. */
  readonly requestTimeoutSeconds: number;
  /** Submissions accepted per client address per minute, per server instance. */
  readonly submissionRateLimit: number;
  /** Status, download and new-link calls accepted per client address per minute, per server instance. */
  readonly statusRateLimit: number;
  /** Minutes the sponsor's decision email waits for more decisions on the same submission (0: none). */
  readonly decisionEmailWindowMinutes: number;
}

export interface ConfigVariable {
  readonly name: string;
  /** The default as a person would write it; undefined when there is none. */
  readonly default: string | undefined;
  readonly requiredInProduction: boolean;
  readonly description: string;
}

/** The environment variables the server reads; a test checks that the README documents each one. */
export const configVariables: readonly ConfigVariable[] = [
  {
    name: 'NODE_ENV',
    default: 'development',
    requiredInProduction: false,
    description: '`production` makes the missing values below an error instead of using local defaults.',
  },
  { name: 'PORT', default: '3000', requiredInProduction: false, description: 'TCP port the server listens on.' },
  {
    name: 'HOST',
    default: '0.0.0.0',
    requiredInProduction: false,
    description: 'Address the server listens on (`127.0.0.1` to accept local connections only).',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    requiredInProduction: false,
    description: 'Folder for local data: the embedded PGlite database (`DATA_DIR/pglite`) when DATABASE_URL is not set.',
  },
  {
    name: 'DATABASE_URL',
    default: undefined,
    requiredInProduction: false,
    description:
      'PostgreSQL connection string (`postgres://user:password@host:5432/db`). When unset, the embedded PGlite database in DATA_DIR is used, which suits a single instance only.',
  },
  {
    name: 'PUBLIC_BASE_URL',
    default: 'http://localhost:<PORT>',
    requiredInProduction: true,
    description: 'The address users reach the service at; used to build links in emails.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    requiredInProduction: false,
    description: 'One of fatal, error, warn, info, debug, trace, silent.',
  },
  {
    name: 'ANALYTICS_ID',
    default: undefined,
    requiredInProduction: false,
    description:
      'Google Analytics 4 measurement id (`G-XXXXXXXXXX`). When unset, no analytics code runs and the Content-Security-Policy allows no Google hosts.',
  },
  {
    name: 'MANUAL_REVIEW',
    default: 'false',
    requiredInProduction: false,
    description: '`true`: applications that pass the automated checks wait in progress for a caseworker instead of being approved.',
  },
  {
    name: 'STATUS_LINK_TTL_DAYS',
    default: '90',
    requiredInProduction: false,
    description: 'Days a status link in an email stays valid.',
  },
  {
    name: 'TOKEN_PRIVATE_KEY',
    default: undefined,
    requiredInProduction: true,
    description: 'PEM (PKCS#8) ES256 private key signing status links; with TOKEN_PUBLIC_KEY. When unset outside production, a key pair is generated once into DATA_DIR.',
  },
  {
    name: 'TOKEN_PUBLIC_KEY',
    default: undefined,
    requiredInProduction: true,
    description: 'PEM (SPKI) public key matching TOKEN_PRIVATE_KEY, used to verify status links.',
  },
  {
    name: 'SMTP_URL',
    default: undefined,
    requiredInProduction: false,
    description: '`smtp://user:password@host:587` or `smtps://…`: send emails through this mail server.',
  },
  {
    name: 'NOTIFY_API_KEY',
    default: undefined,
    requiredInProduction: false,
    description: 'GOV.UK Notify API key: send emails through Notify (wins over SMTP_URL). Needs NOTIFY_TEMPLATE_ID.',
  },
  {
    name: 'NOTIFY_TEMPLATE_ID',
    default: undefined,
    requiredInProduction: false,
    description: 'The Notify email template, whose subject is ((subject)) and body ((body)).',
  },
  {
    name: 'EMAIL_FROM',
    default: 'Creative worker concession <no-reply@localhost>',
    requiredInProduction: false,
    description: 'From address of emails sent by SMTP or written to DATA_DIR/outbox. With neither Notify nor SMTP, emails are written as .eml files to DATA_DIR/outbox (the log names the file, never the link).',
  },
  {
    name: 'RETENTION_DAYS',
    default: '180',
    requiredInProduction: false,
    description: 'Days after the leave date after which the personal data of a decided application is deleted; also the age after which an old status link can no longer be exchanged for a new one.',
  },
  {
    name: 'DECISION_EMAIL_WINDOW_MINUTES',
    default: '10',
    requiredInProduction: false,
    description:
      'Minutes (0 to 1440) a decision waits for other decisions on the same submission, so the sponsor gets them in one email; `0` emails each at once. No wait once every application of the submission is decided.',
  },
  {
    name: 'RUN_WORKER',
    default: 'true',
    requiredInProduction: false,
    description: '`false`: the server does not run the job worker itself (run `npm run worker` instead, one or more).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    requiredInProduction: false,
    description:
      'Behind a load balancer, which X-Forwarded-For entries to believe for the client address of the rate limits: the number of proxies in front of the service (`1`), or their addresses and CIDR ranges, comma-separated (`10.0.0.0/8,192.168.0.0/16`). A number believes that many hops whoever sent them, so use it only when the service cannot be reached except through the proxies; ranges are safer. `true` is refused: it would take the left-most address, which any client can write itself.',
  },
  {
    name: 'REQUEST_TIMEOUT_SECONDS',
    default: '30',
    requiredInProduction: false,
    description: 'Seconds (1 to 600) a client has to send the headers and the body of a request; a slower one is answered 408 or disconnected.',
  },
  {
    name: 'SUBMISSION_RATE_LIMIT',
    default: '30',
    requiredInProduction: false,
    description: 'Submissions (POST /api/public/newFromConcession) accepted per client address per minute on each server instance; more answer 429.',
  },
  {
    name: 'STATUS_RATE_LIMIT',
    default: '60',
    requiredInProduction: false,
    description: 'Status, document and new-link calls (publicStatus, pdf-maker, newStatusLink) accepted per client address per minute on each server instance; more answer 429.',
  },
  {
    name: 'WEB_ROOT',
    default: './dist/web',
    requiredInProduction: false,
    description: 'Folder of the built single-page app (`vite build` output) that the server serves.',
  },
];

const nodeEnvs: readonly NodeEnv[] = ['development', 'test', 'production'];
const logLevels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
// GA4 measurement ids are "G-" and ten upper-case letters or digits; a little slack for older ids.
// The shape check also keeps the value safe to place in the HTML attribute it ends up in.
const analyticsIdPattern = /^G-[A-Z0-9]{4,16}$/;

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
 * An empty variable counts as unset, the way `FOO=` lines in env files are meant.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const nodeEnvRaw = read('NODE_ENV') ?? 'development';
  const nodeEnv = nodeEnvs.find((e) => e === nodeEnvRaw);
  if (nodeEnv === undefined) problems.push(`NODE_ENV must be one of ${nodeEnvs.join(', ')}`);
  const isProduction = nodeEnv === 'production';

  const portRaw = read('PORT');
  let port = 3000;
  if (portRaw !== undefined) {
    port = Number(portRaw);
    if (!/^\d+$/.test(portRaw) || port > 65535) problems.push('PORT must be a whole number from 0 to 65535');
  }

  const host = read('HOST') ?? '0.0.0.0';
  const dataDir = resolve(cwd, read('DATA_DIR') ?? './data');
  const webRoot = resolve(cwd, read('WEB_ROOT') ?? './dist/web');

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined) {
    const protocol = parseUrl(databaseUrl)?.protocol;
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
    }
  }

  const publicBaseUrlRaw = read('PUBLIC_BASE_URL');
  // Locally the service is reached on its own port.
  let publicBaseUrl = `http://localhost:${port}`;
  if (publicBaseUrlRaw === undefined) {
    if (isProduction) problems.push('PUBLIC_BASE_URL is required when NODE_ENV=production');
  } else {
    const url = parseUrl(publicBaseUrlRaw);
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      problems.push('PUBLIC_BASE_URL must be an absolute http:// or https:// address');
    } else if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
      problems.push('PUBLIC_BASE_URL must not contain a query string, fragment or credentials');
    } else {
      publicBaseUrl = url.href.replace(/\/+$/, '');
    }
  }

  const logLevelRaw = read('LOG_LEVEL')?.toLowerCase() ?? 'info';
  const logLevel = logLevels.find((l) => l === logLevelRaw);
  if (logLevel === undefined) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);

  const analyticsId = read('ANALYTICS_ID');
  if (analyticsId !== undefined && !analyticsIdPattern.test(analyticsId)) {
    problems.push('ANALYTICS_ID must be a Google Analytics 4 measurement id such as G-ABC123DEF4');
  }

  const flag = (name: string, fallback: boolean): boolean => {
    const value = read(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    problems.push(`${name} must be true or false`);
    return fallback;
  };
  const positiveWholeNumber = (name: string, fallback: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1) problems.push(`${name} must be a whole number of at least 1`);
    return Number(value);
  };
  const wholeNumberUpTo = (name: string, fallback: number, max: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) > max) problems.push(`${name} must be a whole number from 0 to ${max}`);
    return Number(value);
  };

  const manualReview = flag('MANUAL_REVIEW', false);
  const runWorker = flag('RUN_WORKER', true);
  const trustProxy = parseTrustProxy(read('TRUST_PROXY'), problems);
  const requestTimeoutSeconds = positiveWholeNumber('REQUEST_TIMEOUT_SECONDS', 30);
  if (requestTimeoutSeconds > 600) problems.push('REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 600');
  const statusLinkTtlDays = positiveWholeNumber('STATUS_LINK_TTL_DAYS', 90);
  const retentionDays = positiveWholeNumber('RETENTION_DAYS', 180);
  const submissionRateLimit = positiveWholeNumber('SUBMISSION_RATE_LIMIT', 30);
  const statusRateLimit = positiveWholeNumber('STATUS_RATE_LIMIT', 60);
  // At most a day: the decision is promised within 72 hours of applying (spec §9).
  const decisionEmailWindowMinutes = wholeNumberUpTo('DECISION_EMAIL_WINDOW_MINUTES', 10, 1440);

  const privateKeyPem = read('TOKEN_PRIVATE_KEY');
  const publicKeyPem = read('TOKEN_PUBLIC_KEY');
  if ((privateKeyPem === undefined) !== (publicKeyPem === undefined)) {
    problems.push('TOKEN_PRIVATE_KEY and TOKEN_PUBLIC_KEY must be set together');
  } else if (privateKeyPem === undefined && isProduction) {
    problems.push('TOKEN_PRIVATE_KEY and TOKEN_PUBLIC_KEY are required when NODE_ENV=production');
  }
  const tokenKeys =
    privateKeyPem !== undefined && publicKeyPem !== undefined
      ? { privateKeyPem: privateKeyPem.replace(/\\n/g, '\n'), publicKeyPem: publicKeyPem.replace(/\\n/g, '\n') }
      : undefined;

  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined) {
    const protocol = parseUrl(smtpUrl)?.protocol;
    if (protocol !== 'smtp:' && protocol !== 'smtps:') problems.push('SMTP_URL must be an smtp:// or smtps:// address');
  }
  const notifyApiKey = read('NOTIFY_API_KEY');
  const notifyTemplateId = read('NOTIFY_TEMPLATE_ID');
  if (notifyApiKey !== undefined && notifyTemplateId === undefined) {
    problems.push('NOTIFY_TEMPLATE_ID is required when NOTIFY_API_KEY is set');
  }
  const notify =
    notifyApiKey !== undefined && notifyTemplateId !== undefined ? { apiKey: notifyApiKey, templateId: notifyTemplateId } : undefined;
  const emailFrom = read('EMAIL_FROM') ?? 'Creative worker concession <no-reply@localhost>';

  if (problems.length > 0 || nodeEnv === undefined || logLevel === undefined) throw new ConfigError(problems);

  return Object.freeze({
    nodeEnv,
    isProduction,
    port,
    host,
    dataDir,
    databaseUrl,
    publicBaseUrl,
    logLevel,
    analyticsId,
    webRoot,
    manualReview,
    statusLinkTtlDays,
    tokenKeys,
    smtpUrl,
    notify,
    emailFrom,
    retentionDays,
    runWorker,
    trustProxy,
    requestTimeoutSeconds,
    submissionRateLimit,
    statusRateLimit,
    decisionEmailWindowMinutes,
  });
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
    if (Number(value) > 10) problems.push('TRUST_PROXY must be a number of proxies from 0 to 10, or their addresses and CIDR ranges, comma-separated');
    return Number(value);
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every((entry) => trustProxyNames.includes(entry) || isAddressOrRange(entry))) {
    problems.push('TRUST_PROXY must be false, a number of proxies (1), or addresses and CIDR ranges, comma-separated (10.0.0.0/8,192.168.0.0/16)');
    return false;
  }
  return entries.join(',');
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
