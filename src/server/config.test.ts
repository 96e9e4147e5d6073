import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ConfigError, configMarkdownTable, configVariables, loadConfig } from './config.ts';

const cwd = '/srv/app';
// Shapes only: the token module, not the config, parses the keys.
const keys = { TOKEN_PRIVATE_KEY: 'private-pem', TOKEN_PUBLIC_KEY: 'public-pem', DOCUMENT_PRIVATE_KEY: 'document-pem' };
const oidc = {
  OIDC_ISSUER: 'https://sign-in.example.gov.uk',
  OIDC_CLIENT_ID: 'cwc-console',
  OIDC_CLIENT_SECRET: 'client-secret-value',
};
const localDefaults = {
  manualReview: false,
  statusLinkTtlDays: 90,
  tokenKeys: undefined,
  documentPrivateKey: undefined,
  documentThreads: 1,
  documentQueue: 20,
  smtpUrl: undefined,
  notify: undefined,
  emailFrom: 'Creative worker concession <no-reply@localhost>',
  retentionDays: 180,
  runWorker: true,
  trustProxy: false,
  requestTimeoutSeconds: 30,
  submissionRateLimit: 30,
  statusRateLimit: 60,
  checkRateLimit: 30,
  formRateLimit: 60,
  sessionRateLimit: 30,
  emailRateLimit: 10,
  emailSenderLimit: 20,
  securityLogKey: undefined,
  metricsHost: '127.0.0.1',
  decisionEmailWindowMinutes: 10,
  caseworkerConsole: true,
  oidc: undefined,
  oidcRolesClaim: 'roles',
  oidcClientAuthMethod: 'client_secret_basic',
  localIdpPort: 3009,
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has defaults for local use', () => {
    expect(loadConfig({}, cwd)).toEqual({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      publicBaseUrl: 'http://localhost:3000',
      logLevel: 'info',
      analyticsId: undefined,
      webRoot: '/srv/app/dist/web',
      ...localDefaults,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/cwc',
        DATABASE_URL: 'postgres://user:pw@db:5432/cwc',
        PUBLIC_BASE_URL: 'https://apply.example.gov.uk/',
        LOG_LEVEL: 'WARN',
        ANALYTICS_ID: 'G-ABC123DEF4',
        WEB_ROOT: 'public',
        MANUAL_REVIEW: 'TRUE',
        STATUS_LINK_TTL_DAYS: '30',
        TOKEN_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
        TOKEN_PUBLIC_KEY: 'public-pem',
        DOCUMENT_PRIVATE_KEY: 'document-pem',
        DOCUMENT_THREADS: '3',
        DOCUMENT_QUEUE: '0',
        SMTP_URL: 'smtps://mailer:secret@smtp.example.gov.uk:465',
        NOTIFY_API_KEY: 'key-123',
        NOTIFY_TEMPLATE_ID: 'template-456',
        EMAIL_FROM: 'Service <service@example.gov.uk>',
        RETENTION_DAYS: '365',
        RUN_WORKER: 'false',
        TRUST_PROXY: '2',
        REQUEST_TIMEOUT_SECONDS: '15',
        SUBMISSION_RATE_LIMIT: '5',
        STATUS_RATE_LIMIT: '7',
        CHECK_RATE_LIMIT: '8',
        FORM_RATE_LIMIT: '9',
        SESSION_RATE_LIMIT: '12',
        EMAIL_RATE_LIMIT: '3',
        EMAIL_SENDER_LIMIT: '4',
        SECURITY_LOG_KEY: 'log-key',
        METRICS_HOST: '10.0.0.5',
        DECISION_EMAIL_WINDOW_MINUTES: '0',
        CASEWORKER_CONSOLE: 'TRUE',
        ...oidc,
        OIDC_ROLES_CLAIM: 'https://example.gov.uk/roles',
        OIDC_CLIENT_AUTH_METHOD: 'client_secret_post',
        LOCAL_IDP_PORT: '0',
      },
      cwd,
    );
    expect(config).toEqual({
      nodeEnv: 'production',
      isProduction: true,
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/cwc',
      databaseUrl: 'postgres://user:pw@db:5432/cwc',
      publicBaseUrl: 'https://apply.example.gov.uk',
      logLevel: 'warn',
      analyticsId: 'G-ABC123DEF4',
      webRoot: '/srv/app/public',
      manualReview: true,
      statusLinkTtlDays: 30,
      // Keys given on one line with \\n (as env files often hold them) become real PEM line breaks.
      tokenKeys: {
        privateKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
        publicKeyPem: 'public-pem',
      },
      documentPrivateKey: 'document-pem',
      documentThreads: 3,
      documentQueue: 0,
      smtpUrl: 'smtps://mailer:secret@smtp.example.gov.uk:465',
      notify: { apiKey: 'key-123', templateId: 'template-456' },
      emailFrom: 'Service <service@example.gov.uk>',
      retentionDays: 365,
      runWorker: false,
      trustProxy: 2,
      requestTimeoutSeconds: 15,
      submissionRateLimit: 5,
      statusRateLimit: 7,
      checkRateLimit: 8,
      formRateLimit: 9,
      sessionRateLimit: 12,
      emailRateLimit: 3,
      emailSenderLimit: 4,
      securityLogKey: 'log-key',
      metricsHost: '10.0.0.5',
      decisionEmailWindowMinutes: 0,
      caseworkerConsole: true,
      oidc: {
        issuer: 'https://sign-in.example.gov.uk',
        clientId: 'cwc-console',
        clientSecret: 'client-secret-value',
      },
      oidcRolesClaim: 'https://example.gov.uk/roles',
      oidcClientAuthMethod: 'client_secret_post',
      localIdpPort: 0,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('takes TRUST_PROXY as a number of proxies or their address ranges, and refuses true with what to write instead', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }, cwd).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }, cwd).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }, cwd).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.0.0/16,2001:db8::/32,203.0.113.7,loopback' }, cwd).trustProxy,
    ).toBe('10.0.0.0/8,192.168.0.0/16,2001:db8::/32,203.0.113.7,loopback');
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY=true would let any client choose its own address for the rate limits: set the number of proxies in front of the service (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.0.0/16)',
    ]);
    for (const value of ['yes', '10.0.0.0/33', '10.0.0/8', 'proxy.example.com', '11', '-1']) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toHaveLength(1);
    }
  });

  it('takes REQUEST_TIMEOUT_SECONDS from 1 to 600', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '600' }, cwd).requestTimeoutSeconds).toBe(600);
    for (const value of ['0', '601', '1.5', 'soon'])
      expect(problemsOf({ REQUEST_TIMEOUT_SECONDS: value }), value).toHaveLength(1);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', ANALYTICS_ID: ' ', DATABASE_URL: '' }, cwd)).toMatchObject({
      port: 3000,
      analyticsId: undefined,
      databaseUrl: undefined,
    });
  });

  it('needs PUBLIC_BASE_URL and the token keys in production only', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_BASE_URL is required when NODE_ENV=production',
      'TOKEN_PRIVATE_KEY and TOKEN_PUBLIC_KEY are required when NODE_ENV=production',
      'DOCUMENT_PRIVATE_KEY is required when NODE_ENV=production',
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when NODE_ENV=production and the caseworker console is on (CASEWORKER_CONSOLE=false turns it off)',
    ]);
    expect(loadConfig({ NODE_ENV: 'test' }, cwd).publicBaseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }, cwd).publicBaseUrl).toBe('http://localhost:8080');
    // PGlite is a valid production choice for a single instance.
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://x.gov.uk', ...keys, ...oidc }, cwd).databaseUrl,
    ).toBeUndefined();
  });

  it('needs the OIDC client settings in production while the caseworker console is on, never echoing the secret', () => {
    const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://x.gov.uk', ...keys };
    expect(problemsOf({ ...production, OIDC_CLIENT_SECRET: 'hunter2-secret' })).toEqual([
      'OIDC_ISSUER and OIDC_CLIENT_ID are required when NODE_ENV=production and the caseworker console is on (CASEWORKER_CONSOLE=false turns it off)',
    ]);
    expect(problemsOf({ ...production, OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_CLIENT_ID: 'id' })).toEqual([
      'OIDC_CLIENT_SECRET is required when NODE_ENV=production and the caseworker console is on (CASEWORKER_CONSOLE=false turns it off)',
    ]);
    expect(problemsOf({ ...production, ...oidc, OIDC_ISSUER: 'http://sign-in.example.gov.uk' })).toEqual([
      'OIDC_ISSUER must be an https:// address when NODE_ENV=production',
    ]);
    expect(loadConfig({ ...production, ...oidc }, cwd).oidc?.clientId).toBe('cwc-console');
    // The console off: no staff sign-in, so nothing to configure.
    const off = loadConfig({ ...production, CASEWORKER_CONSOLE: 'false' }, cwd);
    expect(off).toMatchObject({ caseworkerConsole: false, oidc: undefined });
    const withSecret = problemsOf({ ...production, OIDC_ISSUER: 'not a url', OIDC_CLIENT_SECRET: 'hunter2-secret' });
    expect(withSecret).toHaveLength(2);
    expect(withSecret.join('\n')).not.toMatch(/hunter2|not a url/);
  });

  it('outside production, takes the OIDC client settings all or none (none: the local provider)', () => {
    expect(loadConfig({}, cwd).oidc).toBeUndefined();
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:3009' }, cwd).oidc?.issuer).toBe(
      'http://127.0.0.1:3009',
    );
    expect(problemsOf({ OIDC_ISSUER: oidc.OIDC_ISSUER })).toEqual([
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (none: a local provider, outside production)',
    ]);
    expect(
      problemsOf({
        OIDC_ISSUER: 'sign-in.example.gov.uk',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 's',
        OIDC_ROLES_CLAIM: 'roles claim',
        OIDC_CLIENT_AUTH_METHOD: 'basic',
        LOCAL_IDP_PORT: '65536',
        CASEWORKER_CONSOLE: 'yes',
      }),
    ).toEqual([
      'CASEWORKER_CONSOLE must be true or false',
      'OIDC_ISSUER must be an absolute http:// or https:// address',
      'OIDC_ROLES_CLAIM must be a claim name',
      'OIDC_CLIENT_AUTH_METHOD must be one of client_secret_basic, client_secret_post',
      'LOCAL_IDP_PORT must be a whole number from 0 to 65535',
    ]);
  });

  it('refuses half a key pair, Notify without its template, and malformed flags and numbers', () => {
    expect(
      problemsOf({
        TOKEN_PUBLIC_KEY: 'public-pem',
        NOTIFY_API_KEY: 'key',
        SMTP_URL: 'http://mail',
        MANUAL_REVIEW: 'yes',
        STATUS_LINK_TTL_DAYS: '0',
        RETENTION_DAYS: 'six months',
        DECISION_EMAIL_WINDOW_MINUTES: '1441',
      }),
    ).toEqual([
      'MANUAL_REVIEW must be true or false',
      'STATUS_LINK_TTL_DAYS must be a whole number of at least 1',
      'RETENTION_DAYS must be a whole number of at least 1',
      'DECISION_EMAIL_WINDOW_MINUTES must be a whole number from 0 to 1440',
      'TOKEN_PRIVATE_KEY and TOKEN_PUBLIC_KEY must be set together',
      'SMTP_URL must be an smtp:// or smtps:// address',
      'NOTIFY_TEMPLATE_ID is required when NOTIFY_API_KEY is set',
    ]);
  });

  it('lists every invalid value at once, without echoing any of them', () => {
    const problems = problemsOf({
      NODE_ENV: 'staging',
      PORT: '70000',
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      PUBLIC_BASE_URL: 'apply.gov.uk',
      LOG_LEVEL: 'loud',
      ANALYTICS_ID: 'UA-12345-1',
    });
    expect(problems).toEqual([
      'NODE_ENV must be one of development, test, production',
      'PORT must be a whole number from 0 to 65535',
      'DATABASE_URL must be a postgres:// or postgresql:// connection string',
      'PUBLIC_BASE_URL must be an absolute http:// or https:// address',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      'ANALYTICS_ID must be a Google Analytics 4 measurement id such as G-ABC123DEF4',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('explains itself in the error message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: '-1', ...keys, ...oidc }, cwd)).toThrow(
      'Invalid configuration:\n  - PORT must be a whole number from 0 to 65535\n  - PUBLIC_BASE_URL is required when NODE_ENV=production',
    );
  });

  it.each(['3.5', '1e3', 'abc', ' 80x'])('rejects the port %j', (port) => {
    expect(problemsOf({ PORT: port })).toEqual(['PORT must be a whole number from 0 to 65535']);
  });

  it.each(['g-abc123', 'G-', 'G-ABC"><script>', 'GTM-ABC123'])('rejects the analytics id %j', (id) => {
    expect(problemsOf({ ANALYTICS_ID: id })).toHaveLength(1);
  });

  it.each(['https://x.gov.uk/?a=1', 'https://user:pw@x.gov.uk', 'ftp://x.gov.uk'])(
    'rejects the public address %j',
    (url) => {
      expect(problemsOf({ PUBLIC_BASE_URL: url })).toHaveLength(1);
    },
  );

  it('keeps a path in the public address', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://x.gov.uk/cwc/' }, cwd).publicBaseUrl).toBe('https://x.gov.uk/cwc');
  });
});

describe('configVariables', () => {
  it('documents every variable loadConfig reads, once', () => {
    const names = configVariables.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    const read = new Set<string>();
    const spy = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    loadConfig(spy, cwd);
    expect([...read].sort()).toEqual([...names].sort());
  });

  it('states the defaults loadConfig uses', () => {
    const defaults = Object.fromEntries(configVariables.map((v) => [v.name, v.default]));
    expect(defaults).toMatchObject({ PORT: '3000', HOST: '0.0.0.0', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(configVariables.filter((v) => v.requiredInProduction).map((v) => v.name)).toEqual([
      'PUBLIC_BASE_URL',
      'TOKEN_PRIVATE_KEY',
      'TOKEN_PUBLIC_KEY',
      'DOCUMENT_PRIVATE_KEY',
    ]);
  });
});

describe('the README', () => {
  it('documents every environment variable the server reads', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    expect(configVariables.map((v) => v.name).filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the declared variables', () => {
  it('each parse their own default without a problem', () => {
    for (const v of configVariables) {
      // PUBLIC_BASE_URL's default names the port it takes from PORT.
      if (v.default === undefined || v.name === 'PUBLIC_BASE_URL') continue;
      const problems: string[] = [];
      v.parse(v.default, { problems, cwd });
      expect(problems, v.name).toEqual([]);
    }
  });

  it('are the README configuration table, row for row (npm run docs:config prints it)', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration\n')) ?? '';
    const table = section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .join('\n');
    expect(`${table}\n`).toBe(configMarkdownTable());
  });
});
