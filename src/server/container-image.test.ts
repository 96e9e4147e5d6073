// The container image cannot be built here (no image registry), so this reads the Dockerfile,
// compose.yaml and the load balancer's configuration and checks their contract (decision 034):
// what is checked is what the files say, not that an image built from them runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from './config.ts';
import { newTestKeyPems } from './test-support/test-keys.ts';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments and parser directives left out. */
function dockerInstructions(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n');
  return logical
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** The instructions of each stage, in order; each stage starts with its FROM. */
function stages(instructions: readonly Instruction[]): Instruction[][] {
  const result: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') result.push([]);
    result.at(-1)?.push(instruction);
  }
  return result;
}

/** ENV instructions as name → value (`ENV A=1 B=2` form only, as the Dockerfile writes them). */
function envOf(stage: readonly Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.filter((i) => i.keyword === 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const [name = '', ...value] = pair.split('=');
      env[name] = value.join('=');
    }
  }
  return env;
}

type Yaml = string | readonly Yaml[] | { readonly [key: string]: Yaml };

/**
 * Enough YAML for compose.yaml, which is written to stay inside it: block maps, block lists of
 * scalars, flow lists of quoted scalars, anchors on maps and `<<: *anchor` merges. (No YAML
 * library is a dependency of the project.)
 */
function parseYaml(text: string): Yaml {
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => ({ indent: line.length - line.trimStart().length, text: line.trim() }));
  const anchors = new Map<string, Yaml>();
  let index = 0;
  const scalar = (value: string): Yaml => {
    if (value.startsWith('['))
      return value
        .slice(1, -1)
        .split(',')
        .map((item) => scalar(item.trim()));
    return /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
  };
  const block = (indent: number): Yaml => {
    const first = lines[index];
    if (first?.text.startsWith('- ')) {
      const list: Yaml[] = [];
      while (lines[index]?.indent === indent && lines[index]?.text.startsWith('- ')) {
        list.push(scalar(lines[index++]?.text.slice(2) ?? ''));
      }
      return list;
    }
    const map: Record<string, Yaml> = {};
    while (index < lines.length && (lines[index]?.indent ?? -1) === indent) {
      const line = lines[index++]?.text ?? '';
      const colon = line.indexOf(':');
      const key = line.slice(0, colon);
      let value = line.slice(colon + 1).trim();
      const anchor = /^&(\S+)$/.exec(value)?.[1];
      if (anchor !== undefined) value = '';
      if (key === '<<') {
        Object.assign(map, anchors.get(value.slice(1)));
        continue;
      }
      const next = lines[index];
      const child =
        value === '' ? (next !== undefined && next.indent > indent ? block(next.indent) : {}) : scalar(value);
      if (anchor !== undefined) anchors.set(anchor, child);
      map[key] = child;
    }
    return map;
  };
  return block(0);
}

function mapAt(value: Yaml | undefined, ...path: string[]): Record<string, Yaml> {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || Array.isArray(current)) throw new Error(`no map at ${path.join('.')}`);
    current = (current as Record<string, Yaml>)[key];
  }
  if (typeof current !== 'object' || Array.isArray(current)) throw new Error(`no map at ${path.join('.')}`);
  return current as Record<string, Yaml>;
}

const nodeRelease = read('.nvmrc').trim();
const dockerfile = dockerInstructions(read('Dockerfile'));
const [buildStage = [], runtimeStage = [], ...otherStages] = stages(dockerfile);
const compose = parseYaml(read('compose.yaml'));
const services = mapAt(compose, 'services');
const haproxy = read('deploy/haproxy.cfg');

// What `npm run build` bundles into dist/server: one file per entry point of scripts/build-server.ts.
const builtServerFiles = [...read('scripts/build-server.ts').matchAll(/join\(root, 'src', 'server', '([\w-]+)\.ts'\)/g)]
  .map((match) => `dist/server/${match[1]}.js`)
  .sort();

// Variables a deployment must provide and that hold secrets or are the deployment's own.
const deploymentVariables = [
  ...configVariables.filter((v) => v.requiredInProduction === true).map((v) => v.name),
  'DATABASE_URL',
  'SMTP_URL',
  'NOTIFY_API_KEY',
];

describe('the Dockerfile', () => {
  it('has a build stage and a runtime stage, both on the Node.js release of .nvmrc, slim or distroless', () => {
    expect(otherStages).toEqual([]);
    for (const stage of [buildStage, runtimeStage]) {
      const image = stage[0]?.args.split(/\s+/)[0] ?? '';
      expect(image).toMatch(
        new RegExp(`^(node:${nodeRelease.replaceAll('.', '\\.')}-slim|gcr\\.io/distroless/nodejs24-debian\\d+.*)$`),
      );
    }
    expect(buildStage[0]?.args).toMatch(/ AS build$/i);
  });

  it('builds with every dependency, and runs with production dependencies and the build output only', () => {
    const runs = (stage: readonly Instruction[]) => stage.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs(buildStage).some((r) => /^npm ci\b/.test(r) && !r.includes('--omit'))).toBe(true);
    expect(runs(buildStage)).toContain('npm run build');
    const installs = runs(runtimeStage).filter((r) => r.includes('npm ci') || r.includes('npm install'));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/^npm ci --omit=dev\b/);
    const copies = runtimeStage.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copies).toContain('--from=build /app/dist ./dist');
    // No source, no tests, no node_modules of the build stage.
    expect(copies.filter((c) => c.startsWith('--from=build'))).toHaveLength(1);
    expect(copies.some((c) => c.startsWith('. '))).toBe(false);
  });

  it('runs with NODE_ENV=production, as a user that is not root, exposing the port it listens on', () => {
    const env = envOf(runtimeStage);
    expect(env.NODE_ENV).toBe('production');
    const users = runtimeStage.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(runtimeStage.filter((i) => i.keyword === 'EXPOSE').map((i) => i.args)).toEqual([env.PORT]);
  });

  it('checks its health on /health/ready with node itself (slim images have no curl)', () => {
    const checks = runtimeStage.filter((i) => i.keyword === 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    const command = JSON.parse(checks[0]?.args.replace(/^.*?CMD /, '') ?? '[]') as string[];
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toContain('/health/ready');
    expect(command.join(' ')).not.toMatch(/\b(curl|wget)\b/);
  });

  it('starts the built server with node, a file the build writes', () => {
    const commands = runtimeStage.filter((i) => i.keyword === 'CMD').map((i) => JSON.parse(i.args) as string[]);
    expect(commands).toEqual([['node', 'dist/server/main.js']]);
    expect(builtServerFiles).toEqual(['dist/server/main.js', 'dist/server/worker.js']);
  });

  it('holds no secret and nothing a deployment must set', () => {
    const named = dockerfile
      .filter((i) => i.keyword === 'ENV' || i.keyword === 'ARG')
      .flatMap((i) => i.args.split(/\s+/).map((pair) => pair.split('=')[0]));
    for (const name of deploymentVariables) expect(named).not.toContain(name);
  });

  it('leaves dependencies, build output, local data and env files out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['node_modules', 'dist', 'data', '.git', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const webServices = Object.keys(services).filter((name) => /^web-\d+$/.test(name));

  it('runs two web instances, the worker, a load balancer and PostgreSQL', () => {
    expect(webServices).toEqual(['web-1', 'web-2']);
    expect(Object.keys(services).sort()).toEqual(['load-balancer', 'postgres', 'web-1', 'web-2', 'worker']);
  });

  it('runs the web instances from the image without the worker, and the worker alone from the same image', () => {
    for (const name of webServices) {
      const service = mapAt(services, name);
      expect(service.build).toBe('.');
      expect(service.command).toBeUndefined();
      expect(mapAt(service, 'environment').RUN_WORKER).toBe('false');
      expect(mapAt(service, 'depends_on', 'postgres').condition).toBe('service_healthy');
    }
    const worker = mapAt(services, 'worker');
    expect(worker.image).toBe(mapAt(services, 'web-1').image);
    expect(worker.command).toEqual(['node', 'dist/server/worker.js']);
    expect(builtServerFiles).toContain('dist/server/worker.js');
    expect(mapAt(worker, 'healthcheck').disable).toBe('true');
  });

  it('runs PostgreSQL with a health check the services wait for', () => {
    const postgres = mapAt(services, 'postgres');
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(mapAt(postgres, 'healthcheck').test).toEqual(['CMD-SHELL', 'pg_isready -U cwc -d cwc']);
  });

  it('asks for every secret and deployment value from its environment, never writing one', () => {
    const environment = mapAt(services, 'web-1', 'environment');
    for (const name of configVariables.filter((v) => v.requiredInProduction === true).map((v) => v.name)) {
      expect(environment[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
    for (const name of ['SMTP_URL', 'NOTIFY_API_KEY']) expect(environment[name]).toBe(`\${${name}:-}`);
    expect(environment.DATABASE_URL).toMatch(/^postgres:\/\/cwc:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/cwc$/);
    expect(mapAt(services, 'postgres', 'environment').POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('gives the service a configuration it accepts in production, with the Dockerfile’s environment', () => {
    const token = newTestKeyPems();
    const values: Record<string, string> = {
      POSTGRES_PASSWORD: 'compose-test',
      PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
      TOKEN_PRIVATE_KEY: token.privateKeyPem,
      TOKEN_PUBLIC_KEY: token.publicKeyPem,
      DOCUMENT_PRIVATE_KEY: newTestKeyPems().privateKeyPem,
      OIDC_ISSUER: 'https://sign-in.example.gov.uk',
      OIDC_CLIENT_ID: 'cwc-console',
      OIDC_CLIENT_SECRET: 'compose-test-secret',
    };
    // Compose's interpolation: ${NAME:?message} and ${NAME:-default}.
    const interpolate = (value: string) =>
      value.replace(/\$\{(\w+):([?-])([^}]*)\}/g, (_, name: string, kind: string, fallback: string) => {
        const found = values[name];
        if (found !== undefined) return found;
        if (kind === '?') throw new Error(`${name} not set`);
        return fallback;
      });
    const environment = Object.fromEntries(
      Object.entries(mapAt(services, 'web-1', 'environment')).map(([name, value]) => [
        name,
        interpolate(String(value)),
      ]),
    );
    const config = loadConfig({ ...envOf(runtimeStage), ...environment }, '/app');
    expect(config.nodeEnv).toBe('production');
    expect(config.databaseUrl).toBe('postgres://cwc:compose-test@postgres:5432/cwc');
    expect(config.runWorker).toBe(false);
    expect(config.port).toBe(Number(envOf(runtimeStage).PORT));
    // The rate limits believe the load balancer's X-Forwarded-For, and no other hop.
    const networks = mapAt(services, 'load-balancer', 'networks');
    expect(config.trustProxy).toBe(mapAt(networks, 'service').ipv4_address);
  });
});

describe('the load balancer', () => {
  it('mounts deploy/haproxy.cfg and publishes one port', () => {
    const balancer = mapAt(services, 'load-balancer');
    expect(balancer.image).toMatch(/^haproxy:\d/);
    expect(balancer.volumes).toEqual(['./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
    expect(balancer.ports).toEqual(['8080:8080']);
    expect(haproxy).toMatch(/^\s*bind :8080$/m);
  });

  it('balances over every web instance of compose.yaml on the port the image exposes, checking /health/ready', () => {
    const port = envOf(runtimeStage).PORT ?? '';
    const servers = [...haproxy.matchAll(/^\s*server (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]);
    expect(servers).toEqual(
      Object.keys(services)
        .filter((name) => /^web-\d+$/.test(name))
        .map((name) => [name, `${name}:${port}`]),
    );
    expect(haproxy).toMatch(/^\s*option httpchk GET \/health\/ready$/m);
    expect(haproxy).toMatch(/^\s*option forwardfor$/m);
  });

  it('keeps the health probes from the public: the balancer asks them of each instance itself', () => {
    const frontend = haproxy.slice(haproxy.indexOf('frontend public'), haproxy.indexOf('backend web'));
    expect(frontend).toMatch(/^\s*http-request deny deny_status 404 if \{ path_beg \/health\/ \}$/m);
  });

  it('logs no query string (a status link’s token travels in one) and no client address', () => {
    const formats = [...haproxy.matchAll(/^\s*log-format "(.*)"$/gm)].map((m) => m[1] ?? '');
    expect(formats).toHaveLength(1);
    expect(formats[0]).not.toMatch(/%(HU|HP|HQ|r|ci|hr|hrl)\b/);
    expect(haproxy).not.toMatch(/option (httplog|tcplog)/);
  });
});
