import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { freePort } from '../test-support/child-process.ts';
import { setUpStaffIdentity } from './local-identity-start.ts';

const cwd = '/srv/app';

async function setUp(env: Record<string, string>) {
  const printed: string[] = [];
  const set = await setUpStaffIdentity(loadConfig(env, cwd), (line) => printed.push(line));
  return { ...set, printed };
}

describe('the staff identity set-up of npm start', () => {
  it('starts the local provider outside production when none is configured, and points the config at it', async () => {
    const port = await freePort();
    const { config, printed, close } = await setUp({ LOCAL_IDP_PORT: String(port), PORT: '3100' });
    try {
      expect(config.oidc).toEqual({
        issuer: `http://127.0.0.1:${port}`,
        clientId: 'cwc-caseworker-console',
        clientSecret: expect.stringMatching(/^[\w-]{43}$/),
      });
      const discovery = await fetch(`${config.oidc?.issuer}/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect(printed).toEqual([
        `Local staff identity provider (development and tests only): http://127.0.0.1:${port}`,
        '  Sign in to the caseworker console (http://localhost:3100/caseworker) as:',
        '    username caseworker, password caseworker-password (CASEWORKER)',
        '    username admin, password admin-password (CASEWORKER_ADMIN, CASEWORKER)',
        '    username visitor, password visitor-password (no role)',
      ]);
      // The secret is the service's business, not the person's starting it.
      expect(printed.join('\n')).not.toContain(config.oidc?.clientSecret);
    } finally {
      await close();
    }
  });

  it('takes any free port when its own is in use', async () => {
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    const { config, close } = await setUp({ LOCAL_IDP_PORT: String(port) });
    try {
      expect(config.oidc?.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(config.oidc?.issuer).not.toBe(`http://127.0.0.1:${port}`);
    } finally {
      await close();
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('starts nothing with the console off, or with a provider configured', async () => {
    for (const env of [
      { CASEWORKER_CONSOLE: 'false' },
      { OIDC_ISSUER: 'https://sign-in.example.gov.uk', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' },
    ]) {
      const loaded = loadConfig(env, cwd);
      const printed: string[] = [];
      const set = await setUpStaffIdentity(loaded, (line) => printed.push(line));
      expect(set.config).toBe(loaded);
      expect(printed).toEqual([]);
      await set.close();
    }
  });
});
