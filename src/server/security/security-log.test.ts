import { describe, expect, it } from 'vitest';
import { createMetrics } from '../metrics/metrics.ts';
import { createSecurityLog, securityEvents } from './security-log.ts';

/** A logger that keeps the fields of each line it is given. */
function keptLines() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: { warn: (fields: Record<string, unknown>) => void lines.push(fields) } };
}

describe('the security log', () => {
  it('writes the event, a keyed hash of the client address, the route and the outcome, and nothing else', () => {
    const { lines, logger } = keptLines();
    const log = createSecurityLog({ logger, addressKey: 'key-one' });
    log.record('licence-number-wrong', { address: '203.0.113.7', route: '/api/public/status' }, 'mismatch');
    expect(lines).toHaveLength(1);
    expect(Object.keys(lines[0]!).sort()).toEqual(['client', 'outcome', 'route', 'securityEvent']);
    expect(lines[0]).toMatchObject({
      securityEvent: 'licence-number-wrong',
      route: '/api/public/status',
      outcome: 'mismatch',
    });
    expect(lines[0]!.client).toMatch(/^[\w-]{16}$/);
    expect(JSON.stringify(lines)).not.toContain('203.0.113');
  });

  it('names one client alike under one key, and differently under another key or at another address', () => {
    const { lines, logger } = keptLines();
    const place = (address: string) => ({ address, route: '/check' });
    createSecurityLog({ logger, addressKey: 'key-one' }).record('check-not-valid', place('203.0.113.7'), 'typed');
    createSecurityLog({ logger, addressKey: 'key-one' }).record('check-not-valid', place('203.0.113.7'), 'typed');
    createSecurityLog({ logger, addressKey: 'key-two' }).record('check-not-valid', place('203.0.113.7'), 'typed');
    createSecurityLog({ logger, addressKey: 'key-one' }).record('check-not-valid', place('203.0.113.8'), 'typed');
    const [first, again, otherKey, otherAddress] = lines.map((line) => line.client);
    expect(again).toBe(first);
    expect(otherKey).not.toBe(first);
    expect(otherAddress).not.toBe(first);
  });

  it('names every address of one IPv6 /64 as one client, as the rate limits count it', () => {
    const { lines, logger } = keptLines();
    const log = createSecurityLog({ logger, addressKey: 'key-one' });
    log.record('rate-limited', { address: '2001:db8:1:2::1', route: '/' }, 'api');
    log.record('rate-limited', { address: '2001:db8:1:2:ffff::9', route: '/' }, 'api');
    log.record('rate-limited', { address: '2001:db8:1:3::1', route: '/' }, 'api');
    expect(lines[1]!.client).toBe(lines[0]!.client);
    expect(lines[2]!.client).not.toBe(lines[0]!.client);
  });

  it('counts each event in the metrics, every event shown from zero', async () => {
    const metrics = createMetrics();
    const log = createSecurityLog({ logger: keptLines().logger, addressKey: undefined, metrics });
    log.record('cross-site-refused', { address: '127.0.0.1', route: '/' }, 'refused');
    log.record('cross-site-refused', { address: '127.0.0.1', route: '/' }, 'refused');
    const text = await metrics.registry.metrics();
    expect(text).toContain('cwc_security_events_total{event="cross-site-refused"} 2');
    for (const event of Object.keys(securityEvents))
      expect(text).toMatch(new RegExp(`cwc_security_events_total\\{event="${event}"\\} \\d`));
  });
});
