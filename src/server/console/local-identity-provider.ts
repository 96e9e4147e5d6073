// A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for the staff identity
// provider in development and tests (decision 038): one client, the console; a few staff users
// with documented passwords; its own small sign-in page. It refuses to start in production.
// State (sessions, codes, grants) is in memory, and the signing key and cookie keys are new at
// every start, so a restart signs everybody out.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import type { Adapter, AdapterPayload, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { runsInProduction, type StaffClientAuthMethod } from '../config.ts';
import { STAFF_CALLBACK_PATH, STAFF_SIGNED_OUT_PATH } from './staff-sign-in.ts';

/** A user of the local provider. Roles are any strings, so a test can give unknown roles, or none. */
export interface LocalStaffUser {
  /** The ID token's `sub`. */
  readonly id: string;
  readonly username: string;
  readonly password: string;
  readonly name: string;
  readonly email: string;
  readonly roles: readonly string[];
}

/** The users of `npm start`'s local provider: local, throwaway passwords, printed at start-up. */
export const DEFAULT_LOCAL_STAFF_USERS: readonly LocalStaffUser[] = [
  {
    id: 'local-caseworker',
    username: 'caseworker',
    password: 'caseworker-password',
    name: 'Casey Worker',
    email: 'caseworker@localhost',
    roles: ['CASEWORKER'],
  },
  {
    id: 'local-admin',
    username: 'admin',
    password: 'admin-password',
    name: 'Alex Admin',
    email: 'admin@localhost',
    roles: ['CASEWORKER_ADMIN', 'CASEWORKER'],
  },
  // Not staff of the console: an account of the same provider without its roles, to see the refusal.
  {
    id: 'local-visitor',
    username: 'visitor',
    password: 'visitor-password',
    name: 'Val Visitor',
    email: 'visitor@localhost',
    roles: [],
  },
];

export interface LocalIdentityProviderOptions {
  /** The port on 127.0.0.1; 0: any free port. */
  readonly port: number;
  /** The service's own address (PUBLIC_BASE_URL): the client's redirect and post-logout addresses are under it. */
  readonly serviceBaseUrl: string;
  readonly users?: readonly LocalStaffUser[];
  readonly clientId?: string;
  /** Default: random at each start. */
  readonly clientSecret?: string;
  /** The ID token claim the roles go in (OIDC_ROLES_CLAIM). */
  readonly rolesClaim?: string;
  /** How the client must authenticate at the token endpoint (OIDC_CLIENT_AUTH_METHOD); only this one is taken. */
  readonly tokenEndpointAuthMethod?: StaffClientAuthMethod;
  /** False: no refresh token at all, as providers that give one only for `offline_access` or consent (default true). */
  readonly refreshTokens?: boolean;
  /** How long its access tokens last (default 10 minutes): a test sees one expire. */
  readonly accessTokenSeconds?: number;
}

export interface LocalIdentityProvider {
  /** http://127.0.0.1:<port> */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly users: readonly LocalStaffUser[];
  /** Gives the user `username` these roles from now on (a test removing a role at the provider). */
  setRoles(username: string, roles: readonly string[]): void;
  close(): Promise<void>;
}

/** Thrown when something tries to start the local provider in production. */
export class LocalIdentityProviderRefusedError extends Error {
  constructor() {
    super('The local identity provider is for development and tests: it never starts when NODE_ENV=production');
    this.name = 'LocalIdentityProviderRefusedError';
  }
}

const MAX_FORM_BYTES = 8 * 1024;

/**
 * Starts the local provider on 127.0.0.1. Throws LocalIdentityProviderRefusedError in production,
 * and the listen error (EADDRINUSE) when the port is taken.
 */
export async function startLocalIdentityProvider(
  options: LocalIdentityProviderOptions,
): Promise<LocalIdentityProvider> {
  // Checked against the process's own environment, whatever the caller passes: these users'
  // passwords are printed in the README.
  if (runsInProduction()) throw new LocalIdentityProviderRefusedError();
  // A copy of its own, whose roles setRoles() changes.
  const users: LocalStaffUser[] = (options.users ?? DEFAULT_LOCAL_STAFF_USERS).map((user) => ({ ...user }));
  const clientId = options.clientId ?? 'cwc-caseworker-console';
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url');
  const serviceBaseUrl = options.serviceBaseUrl.replace(/\/+$/, '');
  const authMethod = options.tokenEndpointAuthMethod ?? 'client_secret_basic';

  // Listening first: the issuer names the port, and port 0 is known only once listening.
  const server = createServer();
  await listen(server, options.port);
  const issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  // Loaded here, not at the top: a production process never loads oidc-provider at all.
  const { default: OidcProvider } = await import('oidc-provider');
  const provider = new OidcProvider(
    issuer,
    await providerConfiguration({
      users,
      rolesClaim: options.rolesClaim ?? 'roles',
      refreshTokens: options.refreshTokens ?? true,
      accessTokenSeconds: options.accessTokenSeconds ?? 10 * 60,
      client: {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${serviceBaseUrl}${STAFF_CALLBACK_PATH}`],
        post_logout_redirect_uris: [`${serviceBaseUrl}${STAFF_SIGNED_OUT_PATH}`],
        token_endpoint_auth_method: authMethod,
      },
    }),
  );
  const providerCallback = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    // oidc-provider takes either way of sending a client secret, whichever is registered; a real
    // provider may take only its own: this one does, so a console set the other way is refused.
    if (
      path === '/token' &&
      request.method === 'POST' &&
      (request.headers.authorization !== undefined) !== (authMethod === 'client_secret_basic')
    ) {
      response.writeHead(401, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ error: 'invalid_client', error_description: `only ${authMethod} is taken` }));
      return;
    }
    if (path.startsWith('/interaction/')) {
      signInInteraction(provider, users, new URL(serviceBaseUrl).origin, request, response).catch(() => {
        if (!response.headersSent) sendPage(response, 500, errorPage('Sorry, there is a problem with the service'));
        else response.end();
      });
    } else {
      void providerCallback(request, response);
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    setRoles(username, roles) {
      const index = users.findIndex((user) => user.username === username);
      const user = users[index];
      if (user === undefined) throw new Error(`No local user ${username}`);
      users[index] = { ...user, roles: [...roles] };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

interface ConfigurationInput {
  readonly users: readonly LocalStaffUser[];
  readonly rolesClaim: string;
  readonly refreshTokens: boolean;
  readonly accessTokenSeconds: number;
  readonly client: NonNullable<Configuration['clients']>[number];
}

async function providerConfiguration({
  users,
  rolesClaim,
  refreshTokens,
  accessTokenSeconds,
  client,
}: ConfigurationInput): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') };
  return {
    adapter: createMemoryAdapter(),
    jwks: { keys: [key] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    clients: [
      {
        ...client,
        // The refresh token grant: the console reads the roles again with it (decision 038, "Later").
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    // The roles always (under `openid`), in the ID token and at userinfo: a real provider sends
    // them without a scope of their own.
    claims: { openid: ['sub', rolesClaim], profile: ['name'], email: ['email'] },
    // The claims go in the ID token, which is what the console reads at sign-in (userinfo only
    // when it reads the roles again without a refresh token, or the refresh's ID token has none).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // A refresh token at every sign-in, as a staff provider gives its confidential clients, without
    // the offline_access scope (which oidc-provider keeps to sign-ins that prompted for consent);
    // or none at all (`refreshTokens: false`), as a provider that keeps them to offline_access.
    issueRefreshToken: (_ctx, client) => Promise.resolve(refreshTokens && client.grantTypeAllowed('refresh_token')),
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    findAccount: (_ctx, sub) => {
      const user = users.find((u) => u.id === sub);
      if (user === undefined) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, name: user.name, email: user.email, [rolesClaim]: [...user.roles] }),
      };
    },
    renderError,
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 30 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
      RefreshToken: 12 * 60 * 60,
    },
  };
}

// oidc-provider's own memory adapter prints a warning at every start; this one is as small.
function createMemoryAdapter(): (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number | undefined }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  const findBy = (name: string, matches: (payload: AdapterPayload) => boolean) => {
    for (const key of store.keys()) {
      const payload = key.startsWith(`${name}:`) ? live(key) : undefined;
      if (payload !== undefined && matches(payload)) return Promise.resolve(payload);
    }
    return Promise.resolve(undefined);
  };
  return (name) => ({
    upsert(id, payload, expiresIn) {
      store.set(`${name}:${id}`, {
        payload,
        expiresAt: expiresIn === undefined ? undefined : Date.now() + expiresIn * 1000,
      });
      return Promise.resolve();
    },
    find: (id) => Promise.resolve(live(`${name}:${id}`)),
    findByUid: (uid) => findBy(name, (payload) => payload.uid === uid),
    findByUserCode: (userCode) => findBy(name, (payload) => payload.userCode === userCode),
    consume(id) {
      const payload = live(`${name}:${id}`);
      if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    },
    destroy(id) {
      store.delete(`${name}:${id}`);
      return Promise.resolve();
    },
    revokeByGrantId(grantId) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
      return Promise.resolve();
    },
  });
}

/**
 * The provider's interaction: the sign-in form (GET), the check of its username and password
 * (POST), and consent, given at once without a page: the console is the only client, our own.
 */
async function signInInteraction(
  provider: Provider,
  users: readonly LocalStaffUser[],
  serviceOrigin: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(request, response);
  } catch {
    // No interaction for this browser (its cookie gone, or it expired).
    sendPage(
      response,
      400,
      errorPage('This sign-in has expired. Go back to the caseworker console and sign in again.'),
    );
    return;
  }
  const action = `/interaction/${details.uid}`;

  if (details.prompt.name === 'consent') {
    const grant = new provider.Grant({
      accountId: details.session?.accountId,
      clientId: String(details.params.client_id),
    });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope !== undefined) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims !== undefined) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }

  if (request.method !== 'POST') {
    sendPage(response, 200, signInPage(action), serviceOrigin);
    return;
  }
  const form = new URLSearchParams(await readBody(request));
  const username = form.get('username')?.trim() ?? '';
  const user = users.find((u) => u.username === username && u.password === form.get('password'));
  if (user === undefined) {
    sendPage(response, 400, signInPage(action, { username }), serviceOrigin);
    return;
  }
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: user.id } },
    { mergeWithLastSubmission: false },
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > MAX_FORM_BYTES) throw new Error('Form too large');
  }
  return body;
}

/** Sends a page; `serviceOrigin` where its form's answer leads back to the service (form-action holds redirects too). */
function sendPage(response: ServerResponse, status: number, html: string, serviceOrigin = ''): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${serviceOrigin}; frame-ancestors 'none'`,
  });
  response.end(html);
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// GOV.UK Frontend's look, roughly, without its files: this page belongs to no service.
const styles = `
body{margin:0;font-family:Arial,sans-serif;color:#0b0c0c;background:#fff;font-size:19px;line-height:1.3}
.header{background:#0b0c0c;color:#fff;padding:10px 30px;font-weight:700}
.width{max-width:640px;margin:0 auto;padding:0 15px}
main{padding:30px 0}
h1{font-size:36px;margin:0 0 30px}
.tag{display:inline-block;background:#fcd6c3;color:#6e3619;padding:2px 8px;font-size:16px;margin-bottom:20px}
label{display:block;font-weight:700;margin-bottom:5px}
.group{margin-bottom:30px}
.group-error{border-left:5px solid #d4351c;padding-left:15px}
input{font:inherit;width:100%;max-width:20em;box-sizing:border-box;height:40px;padding:5px;border:2px solid #0b0c0c}
.group-error input{border-color:#d4351c}
input:focus,button:focus,a:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px}
.error-message{color:#d4351c;font-weight:700;margin:0 0 10px}
.error-summary{border:5px solid #d4351c;padding:20px;margin-bottom:30px}
.error-summary h2{margin:0 0 15px;font-size:24px}
.error-summary a{color:#d4351c;font-weight:700}
button{font:inherit;background:#00703c;color:#fff;border:0;box-shadow:0 2px 0 #002d18;padding:8px 10px;cursor:pointer}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Local staff sign-in</title>
<style>${styles}</style>
</head>
<body>
<header class="header">Local staff sign-in</header>
<div class="width"><main id="main-content">
<strong class="tag">For development and tests only</strong>
${body}
</main></div>
</body>
</html>`;
}

function signInPage(action: string, failed?: { readonly username: string }): string {
  const message = 'Enter a correct username and password';
  const summary =
    failed === undefined
      ? ''
      : `<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title">There is a problem</h2>
<ul><li><a href="#username">${message}</a></li></ul>
</div>`;
  const error = failed === undefined ? '' : ' group-error';
  const errorMessage =
    failed === undefined
      ? ''
      : `<p class="error-message" id="username-error"><span class="visually-hidden">Error:</span> ${message}</p>`;
  return page(
    `${failed === undefined ? '' : 'Error: '}Sign in to the caseworker console`,
    `${summary}
<h1>Sign in to the caseworker console</h1>
<form method="post" action="${escapeHtml(action)}" novalidate>
<div class="group${error}">
<label for="username">Username</label>
${errorMessage}
<input id="username" name="username" type="text" autocomplete="username" spellcheck="false" autocapitalize="none"${
      failed === undefined ? '' : ` value="${escapeHtml(failed.username)}" aria-describedby="username-error"`
    }>
</div>
<div class="group${error}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password">
</div>
<button type="submit">Sign in</button>
</form>`,
  );
}

function errorPage(message: string): string {
  return page('Sorry, there is a problem', `<h1>Sorry, there is a problem</h1>\n<p>${escapeHtml(message)}</p>`);
}

// The provider's end-session page, before it signs the user out: oidc-provider's form (its xsrf
// token) and a button, no script, so one press ends the session and returns to the console.
function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.body = page(
    'Sign out',
    `<h1>Sign out</h1>
<p>Sign out of the local staff sign-in, and of the caseworker console.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  );
}

function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  ctx.type = 'html';
  ctx.body = page('You have signed out', '<h1>You have signed out</h1>');
}

function renderError(
  ctx: KoaContextWithOIDC,
  out: { readonly error?: string; readonly error_description?: string },
): void {
  ctx.type = 'html';
  ctx.body = errorPage([out.error, out.error_description].filter(Boolean).join(': '));
}
