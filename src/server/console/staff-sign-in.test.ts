// The sign-in module against the local provider, over real HTTP: a small browser (fetch, manual
// redirects, a cookie jar) goes through the provider's pages as a caseworker would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test-support/child-process.ts';
import { oidcBrowser, pageOf } from './test-support/oidc-browser.ts';
import {
  DEFAULT_LOCAL_STAFF_USERS,
  LocalIdentityProviderRefusedError,
  startLocalIdentityProvider,
  type LocalIdentityProvider,
  type LocalStaffUser,
} from './local-identity-provider.ts';
import {
  createStaffSignIn,
  STAFF_CALLBACK_PATH,
  STAFF_SIGNED_OUT_PATH,
  StaffSignInUnavailableError,
  type StaffSignIn,
} from './staff-sign-in.ts';

const serviceBaseUrl = 'http://127.0.0.1:3999';
const noRole: LocalStaffUser = {
  id: 'local-auditor',
  username: 'auditor',
  password: 'auditor-password',
  name: 'Audrey Auditor',
  email: 'auditor@localhost',
  roles: ['AUDITOR'],
};
const leaver: LocalStaffUser = {
  id: 'local-leaver',
  username: 'leaver',
  password: 'leaver-password',
  name: 'Lee Leaver',
  email: 'leaver@localhost',
  roles: ['CASEWORKER', 'CASEWORKER_ADMIN'],
};

describe('staff sign-in with the local identity provider', () => {
  let provider: LocalIdentityProvider;
  let signIn: StaffSignIn;
  beforeAll(async () => {
    provider = await startLocalIdentityProvider({
      port: 0,
      serviceBaseUrl,
      users: [...DEFAULT_LOCAL_STAFF_USERS, noRole, leaver],
    });
    signIn = createStaffSignIn({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: `${serviceBaseUrl}${STAFF_CALLBACK_PATH}`,
      postLogoutRedirectUri: `${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`,
      rolesClaim: 'roles',
    });
  });
  afterAll(() => provider.close());

  /** Starts a sign-in, and signs in on the provider's form as `user` in a new browser. */
  async function signInAs(user: { readonly username: string; readonly password: string }) {
    const started = await signIn.start();
    const as = oidcBrowser(serviceBaseUrl);
    const form = await pageOf(await as.follow(started.redirectTo));
    expect(form.status).toBe(200);
    const callback = await as.submit(form, { username: user.username, password: user.password });
    return { ...started, as, callback: callback.url };
  }

  it('starts a code flow with PKCE (S256), state and nonce', async () => {
    const { redirectTo, pending } = await signIn.start();
    expect(redirectTo.origin).toBe(provider.issuer);
    const params = Object.fromEntries(redirectTo.searchParams);
    expect(params).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: `${serviceBaseUrl}${STAFF_CALLBACK_PATH}`,
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    expect(params.scope?.split(' ')).toContain('openid');
    expect(params.code_challenge).not.toBe(pending.codeVerifier);
    expect(JSON.parse(JSON.stringify(pending))).toEqual(pending);
    const again = await signIn.start();
    expect(again.pending.state).not.toBe(pending.state);
    expect(again.pending.codeVerifier).not.toBe(pending.codeVerifier);
  });

  it('signs a caseworker in with their roles, and an admin with both', async () => {
    const caseworker = await signInAs(DEFAULT_LOCAL_STAFF_USERS[0]!);
    expect(caseworker.callback.href.startsWith(`${serviceBaseUrl}${STAFF_CALLBACK_PATH}?`)).toBe(true);
    const result = await signIn.finish(caseworker.callback, caseworker.pending);
    expect(result).toEqual({
      outcome: 'signed-in',
      staff: { id: 'local-caseworker', name: 'Casey Worker', email: 'caseworker@localhost', roles: ['CASEWORKER'] },
      idToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.any(String),
      accessToken: expect.any(String),
    });

    const admin = await signInAs(DEFAULT_LOCAL_STAFF_USERS[1]!);
    expect(await signIn.finish(admin.callback, admin.pending)).toMatchObject({
      outcome: 'signed-in',
      staff: { id: 'local-admin', roles: ['CASEWORKER', 'CASEWORKER_ADMIN'] },
    });
  });

  it('shows its form again, with an error, for a wrong password; then takes the right one', async () => {
    const { redirectTo, pending } = await signIn.start();
    const as = oidcBrowser(serviceBaseUrl);
    const form = await pageOf(await as.follow(redirectTo));
    expect(form.html).toContain('<html lang="en">');
    expect(form.html).toMatch(/<h1>Sign in to the caseworker console<\/h1>/);
    expect(form.html).toContain('<label for="username">Username</label>');
    expect(form.html).toContain('<label for="password">Password</label>');
    expect(form.html).not.toContain('There is a problem');
    expect(form.html).not.toMatch(/<script/i);

    const wrong = await pageOf(await as.submit(form, { username: 'caseworker', password: 'admin-password' }));
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('<title>Error: Sign in to the caseworker console');
    expect(wrong.html).toContain('There is a problem');
    expect(wrong.html).toContain('<a href="#username">Enter a correct username and password</a>');
    expect(wrong.html).toContain('value="caseworker"');
    expect(wrong.html).not.toContain('admin-password');
    expect(wrong.html).not.toMatch(/<script/i);

    const right = await as.submit(wrong, { username: 'caseworker', password: 'caseworker-password' });
    expect(await signIn.finish(right.url, pending)).toMatchObject({ outcome: 'signed-in' });
  });

  it('signs in a user without a known role as no-role', async () => {
    const auditor = await signInAs(noRole);
    expect(await signIn.finish(auditor.callback, auditor.pending)).toEqual({
      outcome: 'no-role',
      staff: { id: 'local-auditor', name: 'Audrey Auditor', email: 'auditor@localhost', roles: [] },
    });
  });

  it('reads the roles again with the refresh token: a role removed at the provider is gone, a refused refresh is refused', async () => {
    const signedIn = await signInAs(leaver);
    const result = await signIn.finish(signedIn.callback, signedIn.pending);
    if (result.outcome !== 'signed-in' || result.refreshToken === undefined) throw new Error('no refresh token');
    const held = { staffId: 'local-leaver', refreshToken: result.refreshToken };
    expect(await signIn.rolesAgain(held)).toMatchObject({
      outcome: 'roles',
      staffId: 'local-leaver',
      roles: ['CASEWORKER', 'CASEWORKER_ADMIN'],
      accessToken: expect.any(String),
    });
    provider.setRoles('leaver', ['CASEWORKER']);
    const fewer = await signIn.rolesAgain(held);
    expect(fewer).toMatchObject({ outcome: 'roles', staffId: 'local-leaver', roles: ['CASEWORKER'] });
    provider.setRoles('leaver', []);
    const rotated = fewer.outcome === 'roles' ? (fewer.refreshToken ?? result.refreshToken) : result.refreshToken;
    expect(await signIn.rolesAgain({ staffId: 'local-leaver', refreshToken: rotated })).toMatchObject({
      outcome: 'roles',
      roles: [],
    });
    expect(await signIn.rolesAgain({ staffId: 'local-leaver', refreshToken: 'not-a-refresh-token' })).toEqual({
      outcome: 'refused',
      reason: 'the identity provider answered invalid_grant',
    });
  });

  it('fails a callback whose state was tampered with, or that another sign-in started', async () => {
    const first = await signInAs(DEFAULT_LOCAL_STAFF_USERS[0]!);
    const tampered = new URL(first.callback);
    tampered.searchParams.set('state', `${first.pending.state}x`);
    const result = await signIn.finish(tampered, first.pending);
    expect(result).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('state') });

    const second = await signInAs(DEFAULT_LOCAL_STAFF_USERS[0]!);
    const other = await signIn.start();
    expect(await signIn.finish(second.callback, other.pending)).toMatchObject({ outcome: 'failed' });
    // Nor is a code taken twice.
    const third = await signInAs(DEFAULT_LOCAL_STAFF_USERS[0]!);
    expect(await signIn.finish(third.callback, third.pending)).toMatchObject({ outcome: 'signed-in' });
    expect(await signIn.finish(third.callback, third.pending)).toMatchObject({ outcome: 'failed' });
    // Nor anything that is not a pending sign-in.
    expect(await signIn.finish(third.callback, {} as never)).toEqual({
      outcome: 'failed',
      reason: 'no sign-in under way',
    });
  });

  it('fails a callback where the provider refused the sign-in, saying why without echoing it', async () => {
    const { pending } = await signIn.start();
    const refused = new URL(`${serviceBaseUrl}${STAFF_CALLBACK_PATH}`);
    refused.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'secret-ish details',
      state: pending.state,
      iss: provider.issuer,
    }).toString();
    const result = await signIn.finish(refused, pending);
    expect(result).toEqual({ outcome: 'failed', reason: 'the identity provider answered access_denied' });
  });

  it('signs out at the provider’s end-session endpoint, back to the console’s signed-out page', async () => {
    const { pending, callback, as } = await signInAs(DEFAULT_LOCAL_STAFF_USERS[0]!);
    const result = await signIn.finish(callback, pending);
    if (result.outcome !== 'signed-in') throw new Error(`not signed in: ${result.outcome}`);
    const url = await signIn.signOutUrl(result.idToken);
    expect(url.origin).toBe(provider.issuer);
    expect(url.pathname).toBe('/session/end');
    expect(url.searchParams.get('id_token_hint')).toBe(result.idToken);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`);

    // A page with a Sign out button (no script), which returns to the console.
    const confirm = await pageOf(await as.follow(url));
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('<html lang="en">');
    expect(confirm.html).toMatch(/<button[^>]*name="logout" value="yes"[^>]*>Sign out<\/button>/);
    expect(confirm.html).not.toMatch(/<script/i);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.html)?.[1] ?? '';
    const back = await as.submit(confirm, { xsrf, logout: 'yes' });
    expect(back.url.href).toBe(`${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`);

    // The provider's session is over: the next sign-in in this browser asks for the password again.
    const next = await signIn.start();
    const form = await pageOf(await as.follow(next.redirectTo));
    expect(form.html).toContain('<label for="password">Password</label>');
  });

  it('keeps the provider’s session: a second sign-in in the same browser needs no password', async () => {
    const { as } = await signInAs(DEFAULT_LOCAL_STAFF_USERS[1]!);
    const again = await signIn.start();
    const { url } = await as.follow(again.redirectTo);
    expect(await signIn.finish(url, again.pending)).toMatchObject({ outcome: 'signed-in' });
  });
});

describe('staff sign-in with a provider that issues no refresh token', () => {
  let provider: LocalIdentityProvider;
  let signIn: StaffSignIn;
  beforeAll(async () => {
    provider = await startLocalIdentityProvider({
      port: 0,
      serviceBaseUrl,
      users: [...DEFAULT_LOCAL_STAFF_USERS, leaver],
      refreshTokens: false,
      accessTokenSeconds: 2,
    });
    signIn = createStaffSignIn({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: `${serviceBaseUrl}${STAFF_CALLBACK_PATH}`,
      postLogoutRedirectUri: `${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`,
      rolesClaim: 'roles',
    });
  });
  afterAll(() => provider.close());

  async function signedInAs(user: LocalStaffUser) {
    const started = await signIn.start();
    const as = oidcBrowser(serviceBaseUrl);
    const form = await pageOf(await as.follow(started.redirectTo));
    const callback = await as.submit(form, { username: user.username, password: user.password });
    return signIn.finish(callback.url, started.pending);
  }

  it('keeps the access token, and reads the roles again at userinfo with it: a role removed at the provider is gone', async () => {
    const result = await signedInAs(leaver);
    expect(result).toMatchObject({ outcome: 'signed-in', accessToken: expect.any(String) });
    if (result.outcome !== 'signed-in' || result.accessToken === undefined) throw new Error('no access token');
    expect(result.refreshToken).toBeUndefined();
    const held = { staffId: 'local-leaver', accessToken: result.accessToken };
    expect(await signIn.rolesAgain(held)).toEqual({
      outcome: 'roles',
      staffId: 'local-leaver',
      roles: ['CASEWORKER', 'CASEWORKER_ADMIN'],
    });
    provider.setRoles('leaver', ['CASEWORKER']);
    expect(await signIn.rolesAgain(held)).toMatchObject({ outcome: 'roles', roles: ['CASEWORKER'] });
    provider.setRoles('leaver', ['CASEWORKER', 'CASEWORKER_ADMIN']);
  });

  it('is refused for an access token the provider refuses or that has expired, another subject’s, or no token at all', async () => {
    expect(await signIn.rolesAgain({ staffId: 'local-leaver', accessToken: 'not-an-access-token' })).toEqual({
      outcome: 'refused',
      reason: 'the identity provider answered invalid_token',
    });
    expect(await signIn.rolesAgain({ staffId: 'local-leaver' })).toEqual({
      outcome: 'refused',
      reason: 'no refresh or access token',
    });
    const result = await signedInAs(leaver);
    if (result.outcome !== 'signed-in' || result.accessToken === undefined) throw new Error('no access token');
    expect(await signIn.rolesAgain({ staffId: 'local-caseworker', accessToken: result.accessToken })).toMatchObject({
      outcome: 'refused',
    });
    // The provider's access tokens last 2 seconds here.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await signIn.rolesAgain({ staffId: 'local-leaver', accessToken: result.accessToken })).toEqual({
      outcome: 'refused',
      reason: 'the identity provider answered invalid_token',
    });
  });
});

describe.each(['client_secret_basic', 'client_secret_post'] as const)(
  'staff sign-in with a provider that takes %s',
  (method) => {
    let provider: LocalIdentityProvider;
    beforeAll(async () => {
      provider = await startLocalIdentityProvider({ port: 0, serviceBaseUrl, tokenEndpointAuthMethod: method });
    });
    afterAll(() => provider.close());

    const signInWith = (clientAuthMethod: typeof method, clientSecret = provider.clientSecret) =>
      createStaffSignIn({
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret,
        clientAuthMethod,
        redirectUri: `${serviceBaseUrl}${STAFF_CALLBACK_PATH}`,
        postLogoutRedirectUri: `${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`,
        rolesClaim: 'roles',
      });

    async function callbackOf(signIn: StaffSignIn) {
      const started = await signIn.start();
      const as = oidcBrowser(serviceBaseUrl);
      const form = await pageOf(await as.follow(started.redirectTo));
      const callback = await as.submit(form, { username: 'caseworker', password: 'caseworker-password' });
      return { callback: callback.url, pending: started.pending };
    }

    it('signs in when the console authenticates as the provider expects', async () => {
      const signIn = signInWith(method);
      const { callback, pending } = await callbackOf(signIn);
      expect(await signIn.finish(callback, pending)).toMatchObject({ outcome: 'signed-in' });
    });

    it('tells the provider’s refusal of the console (the other method, a wrong secret) from a failed sign-in', async () => {
      const other = method === 'client_secret_basic' ? 'client_secret_post' : 'client_secret_basic';
      for (const signIn of [signInWith(other), signInWith(method, 'not-the-secret')]) {
        const { callback, pending } = await callbackOf(signIn);
        expect(await signIn.finish(callback, pending)).toEqual({
          outcome: 'provider-refused',
          reason: 'the identity provider answered invalid_client',
        });
      }
    });
  },
);

describe('staff sign-in with a provider that cannot be reached at the callback', () => {
  it('is the provider’s failure, not the sign-in’s', async () => {
    const provider = await startLocalIdentityProvider({ port: 0, serviceBaseUrl });
    const signIn = createStaffSignIn({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: `${serviceBaseUrl}${STAFF_CALLBACK_PATH}`,
      postLogoutRedirectUri: `${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`,
      rolesClaim: 'roles',
    });
    const started = await signIn.start();
    const as = oidcBrowser(serviceBaseUrl);
    const form = await pageOf(await as.follow(started.redirectTo));
    const callback = await as.submit(form, { username: 'caseworker', password: 'caseworker-password' });
    await provider.close();
    expect(await signIn.finish(callback.url, started.pending)).toMatchObject({
      outcome: 'provider-refused',
      reason: expect.stringMatching(/cannot be reached/),
    });
  });
});

describe('the local identity provider', () => {
  it('refuses to start in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      await expect(startLocalIdentityProvider({ port: 0, serviceBaseUrl })).rejects.toThrow(
        LocalIdentityProviderRefusedError,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('gives its users, client id and a random client secret', async () => {
    const provider = await startLocalIdentityProvider({ port: 0, serviceBaseUrl });
    const other = await startLocalIdentityProvider({ port: 0, serviceBaseUrl });
    try {
      expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(provider.users.map((u) => [u.username, u.roles])).toEqual([
        ['caseworker', ['CASEWORKER']],
        ['admin', ['CASEWORKER_ADMIN', 'CASEWORKER']],
        ['visitor', []],
      ]);
      expect(provider.clientSecret).not.toBe(other.clientSecret);
      const discovery = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
      expect(await discovery.json()).toMatchObject({
        issuer: provider.issuer,
        code_challenge_methods_supported: ['S256'],
      });
    } finally {
      await Promise.all([provider.close(), other.close()]);
    }
  });

  it('asks the provider nothing for a callback that is not the sign-in under way (a forged one)', async () => {
    let asked = 0;
    const counting = createServer((_request, response) => {
      asked += 1;
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    const signIn = createStaffSignIn({
      issuer: `http://127.0.0.1:${String((counting.address() as AddressInfo).port)}`,
      clientId: 'cwc-caseworker-console',
      clientSecret: 'local-secret',
      redirectUri: `${serviceBaseUrl}${STAFF_CALLBACK_PATH}`,
      postLogoutRedirectUri: `${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`,
      rolesClaim: 'roles',
    });
    try {
      const pending = { state: 'the-state', nonce: 'the-nonce', codeVerifier: 'v'.repeat(43) };
      for (const query of ['code=forged&state=another-state', 'code=forged', 'error=access_denied&state=x']) {
        const callback = new URL(`${serviceBaseUrl}${STAFF_CALLBACK_PATH}?${query}`);
        expect(await signIn.finish(callback, pending)).toEqual({
          outcome: 'failed',
          reason: 'the state is not the sign-in under way',
        });
      }
      expect(asked).toBe(0);
    } finally {
      await new Promise((resolve) => counting.close(resolve));
    }
  });

  it('lets a sign-in start once the provider is up, after failing while it was not', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const signIn = createStaffSignIn({
      issuer,
      clientId: 'cwc-caseworker-console',
      clientSecret: 'local-secret',
      redirectUri: `${serviceBaseUrl}${STAFF_CALLBACK_PATH}`,
      postLogoutRedirectUri: `${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`,
      rolesClaim: 'roles',
    });
    await expect(signIn.start()).rejects.toThrow(StaffSignInUnavailableError);
    const provider = await startLocalIdentityProvider({ port, serviceBaseUrl, clientSecret: 'local-secret' });
    try {
      expect((await signIn.start()).redirectTo.origin).toBe(issuer);
    } finally {
      await provider.close();
    }
  });
});
