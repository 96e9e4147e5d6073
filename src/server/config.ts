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
  });
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
