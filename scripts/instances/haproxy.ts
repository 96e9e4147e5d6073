// A real HAProxy in front of the instances, its configuration made from deploy/haproxy.cfg: the
// `defaults` section as it is (timeouts, `option forwardfor`, the log format) and the backend's
// balancing and health check, with local addresses in place of compose's names and Docker's
// resolver. Beside the deployed frontend (both instances) it adds one that sends to the first
// instance only, for the throughput with one, and a stats page the bench reads.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManagedProcess } from './processes.ts';
import { startManaged } from './processes.ts';

export interface Backend {
  readonly name: string;
  readonly port: number;
}

export interface BalancerPorts {
  /** Round robin over every instance, as deployed. */
  readonly both: number;
  /** The first instance alone. */
  readonly one: number;
  readonly stats: number;
}

/** The address HAProxy connects to the instances from: the only one their TRUST_PROXY believes. */
export const BALANCER_SOURCE_ADDRESS = '127.0.0.2';

/** The lines of `section` (its header excluded) in an HAProxy configuration; comments and blank lines dropped. */
function sectionOf(config: string, header: RegExp): string[] {
  const lines = config.split('\n');
  const start = lines.findIndex((line) => header.test(line));
  if (start === -1) throw new Error(`deploy/haproxy.cfg has no section matching ${header}`);
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const trimmed = line.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) body.push(trimmed);
  }
  return body;
}

/** The configuration the bench runs: deploy/haproxy.cfg's defaults and backend rules, local addresses. */
function balancerConfig(
  deployed: string,
  backends: readonly Backend[],
  ports: BalancerPorts,
  checkInterval: string,
): string {
  const defaults = sectionOf(deployed, /^defaults\b/);
  const backendRules = sectionOf(deployed, /^backend\s/).filter((line) =>
    /^(balance|option httpchk|http-check)\b/.test(line),
  );
  if (!backendRules.some((line) => line.startsWith('option httpchk'))) {
    throw new Error('deploy/haproxy.cfg checks no health: the bench expects `option httpchk`');
  }
  const [first] = backends;
  if (first === undefined) throw new Error('No instance to balance');
  const indent = (lines: readonly string[]) => lines.map((line) => `    ${line}`).join('\n');
  return `# Made by scripts/bench-instances.ts from deploy/haproxy.cfg.
global
    maxconn 4096

defaults
${indent(defaults)}

frontend both
    bind 127.0.0.1:${ports.both}
    default_backend web

frontend one
    bind 127.0.0.1:${ports.one}
    default_backend web-first

listen stats
    bind 127.0.0.1:${ports.stats}
    stats enable
    stats uri /stats

backend web
${indent(backendRules)}
    # Which instance answered, so the bench can see the requests spread.
    http-response set-header X-Served-By %[srv_name]
    # Checked more often than deployed (5s), so a killed instance is out within about two seconds.
    default-server check inter ${checkInterval} fall 2 rise 2 source ${BALANCER_SOURCE_ADDRESS}
${backends.map((backend) => `    server ${backend.name} 127.0.0.1:${backend.port}`).join('\n')}

backend web-first
    http-response set-header X-Served-By %[srv_name]
    server ${first.name} 127.0.0.1:${first.port} track web/${first.name} source ${BALANCER_SOURCE_ADDRESS}
`;
}

export interface Balancer {
  readonly process: ManagedProcess;
  readonly url: string;
  readonly oneUrl: string;
  /** Per server of the `web` backend: responses sent (every status) and its state (UP, DOWN…). */
  servers(): Promise<Map<string, { responses: number; status: string }>>;
}

/** Writes the configuration into `dir`, checks it with `haproxy -c`, and starts HAProxy in the foreground. */
export async function startBalancer(options: {
  readonly haproxy: string;
  readonly projectRoot: string;
  readonly dir: string;
  readonly backends: readonly Backend[];
  readonly ports: BalancerPorts;
  readonly checkInterval: string;
}): Promise<Balancer> {
  const deployed = readFileSync(join(options.projectRoot, 'deploy', 'haproxy.cfg'), 'utf8');
  const path = join(options.dir, 'haproxy.cfg');
  writeFileSync(path, balancerConfig(deployed, options.backends, options.ports, options.checkInterval));
  const check = spawnSync(options.haproxy, ['-c', '-q', '-f', path], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c refused the configuration:\n${check.stdout}${check.stderr}`);
  // -db: stay in the foreground, so the process started here is HAProxy itself.
  const process = startManaged('haproxy', spawn(options.haproxy, ['-db', '-f', path], { stdio: 'pipe' }));
  const statsUrl = `http://127.0.0.1:${options.ports.stats}/stats;csv`;
  return {
    process,
    url: `http://127.0.0.1:${options.ports.both}`,
    oneUrl: `http://127.0.0.1:${options.ports.one}`,
    async servers() {
      const csv = await (await fetch(statsUrl)).text();
      const [header = '', ...rows] = csv.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? '';
      const servers = new Map<string, { responses: number; status: string }>();
      for (const line of rows) {
        const row = line.split(',');
        if (at(row, 'pxname') !== 'web' || ['FRONTEND', 'BACKEND'].includes(at(row, 'svname'))) continue;
        const responses = ['hrsp_1xx', 'hrsp_2xx', 'hrsp_3xx', 'hrsp_4xx', 'hrsp_5xx', 'hrsp_other']
          .map((column) => Number(at(row, column) || 0))
          .reduce((a, b) => a + b, 0);
        servers.set(at(row, 'svname'), { responses, status: at(row, 'status') });
      }
      return servers;
    },
  };
}
