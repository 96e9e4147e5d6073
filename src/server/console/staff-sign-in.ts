// Caseworkers sign in to the console through the staff identity provider, by OpenID Connect's
// authorization code flow with PKCE, state and nonce (openid-client); their roles come from a
// claim of the ID token (decision 038). This module knows nothing of HTTP routes or cookies: the
// console keeps the pending sign-in between start() and finish(), and the session after it.
import * as oidc from 'openid-client';
import { runsInProduction, type StaffClientAuthMethod } from '../config.ts';
import { knownRoles, type StaffMember } from '../services/staff/staff-members.ts';
import { NO_TOKEN, type RecheckTokens, type RolesRecheck } from '../services/staff/staff-sessions.ts';

/** Where the provider sends a caseworker back after signing in (under PUBLIC_BASE_URL). */
export const STAFF_CALLBACK_PATH = '/caseworker/auth/callback';
/** Where the provider sends a caseworker back after signing out (under PUBLIC_BASE_URL). */
export const STAFF_SIGNED_OUT_PATH = '/caseworker/signed-out';

// What the console asks for: who the caseworker is. Roles need no scope: providers (and the
// local one) put them in the ID token of the console's client.
const SCOPE = 'openid profile email';
// And a refresh token, to read the roles again while the session lasts (decision 038, "Later"):
// asked for where the provider lists the scope (Entra ID, Okta); others give one without it.
const OFFLINE_ACCESS = 'offline_access';

export interface StaffSignInOptions {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** `<PUBLIC_BASE_URL>/caseworker/auth/callback`, as registered with the provider. */
  readonly redirectUri: string;
  /** `<PUBLIC_BASE_URL>/caseworker/signed-out`, as registered with the provider. */
  readonly postLogoutRedirectUri: string;
  /** The ID token claim holding the roles (OIDC_ROLES_CLAIM). */
  readonly rolesClaim: string;
  /** How the console authenticates at the token endpoint (OIDC_CLIENT_AUTH_METHOD); Basic by default. */
  readonly clientAuthMethod?: StaffClientAuthMethod;
}

/**
 * What a sign-in under way needs at its callback, kept by the console between start() and
 * finish() (a short-lived HttpOnly cookie, say): plain strings, serialisable as JSON. It holds
 * the PKCE verifier, so it never goes in a URL or a log line.
 */
export interface PendingSignIn {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export type StaffSignInResult =
  | {
      readonly outcome: 'signed-in';
      readonly staff: StaffMember;
      readonly idToken: string;
      /** The provider's refresh token, when it gave one: the roles are read again with it. */
      readonly refreshToken?: string;
      /** The provider's access token: without a refresh token, the roles are read again at userinfo with it while it lasts. */
      readonly accessToken?: string;
    }
  /** Signed in at the provider, but with none of the console's roles: not let in. */
  | { readonly outcome: 'no-role'; readonly staff: StaffMember }
  /** The callback was not a sign-in this browser started (state, nonce, PKCE), had expired, or the person was refused. `reason` holds no token or personal data. */
  | { readonly outcome: 'failed'; readonly reason: string }
  /**
   * The provider refused the console itself (`invalid_client`, `unauthorized_client`: a client id,
   * secret or authentication method that does not match its registration), failed, or could not be
   * reached: nothing the person signing in can mend. `reason` holds no token or personal data.
   */
  | { readonly outcome: 'provider-refused'; readonly reason: string };

export interface StaffSignIn {
  /** A new sign-in: the provider's authorization address to redirect to, and what to keep for its callback. Rejects with StaffSignInUnavailableError when the provider cannot be reached. */
  start(): Promise<{ readonly redirectTo: URL; readonly pending: PendingSignIn }>;
  /** Completes the sign-in the provider sent back to `callbackUrl` (the full URL of the callback request). */
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<StaffSignInResult>;
  /**
   * The provider's end-session address, so signing out of the console ends the provider's session
   * too, returning to the post-logout address; that address itself when the provider has no
   * end-session endpoint. Rejects with StaffSignInUnavailableError when the provider cannot be reached.
   */
  signOutUrl(idToken: string): Promise<URL>;
  /**
   * The member of staff's roles again. With a refresh token, by the refresh token grant: from the
   * new ID token, or the userinfo endpoint (with the new access token) when the provider sends
   * none. Without one (a provider that gives none), from the userinfo endpoint with the access
   * token the session holds, for its member of staff only. `refused` when the provider refuses
   * (the refresh token revoked or expired, the access token expired, the account disabled),
   * cannot be reached, or there is neither token.
   */
  rolesAgain(held: RecheckTokens): Promise<RolesRecheck>;
}

/** The identity provider could not be reached or its discovery document read; nothing was kept. */
export class StaffSignInUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The staff identity provider cannot be reached', { cause });
    this.name = 'StaffSignInUnavailableError';
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function createStaffSignIn(options: StaffSignInOptions): StaffSignIn {
  // Discovered once, on first use: the provider may start after the service. A failure is not
  // kept, so the next sign-in tries again.
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = async (): Promise<oidc.Configuration> => {
    discovered ??= discover(options).catch((error: unknown) => {
      discovered = undefined;
      throw new StaffSignInUnavailableError(error);
    });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const offline = config.serverMetadata().scopes_supported?.includes(OFFLINE_ACCESS) === true;
      const redirectTo = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: offline ? `${SCOPE} ${OFFLINE_ACCESS}` : SCOPE,
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { redirectTo, pending };
    },

    async finish(callbackUrl, pending) {
      if (!isPendingSignIn(pending)) return { outcome: 'failed', reason: 'no sign-in under way' };
      // A callback this browser did not start (forged, or another tab's) costs the provider
      // nothing: not even the discovery document.
      if (callbackUrl.searchParams.get('state') !== pending.state)
        return { outcome: 'failed', reason: 'the state is not the sign-in under way' };
      let config: oidc.Configuration;
      try {
        config = await configuration();
      } catch {
        return { outcome: 'provider-refused', reason: 'the identity provider cannot be reached' };
      }
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (claims === undefined || tokens.id_token === undefined) return { outcome: 'failed', reason: 'no ID token' };
        const staff = staffOf(claims, options.rolesClaim);
        if (staff.roles.length === 0) return { outcome: 'no-role', staff };
        return {
          outcome: 'signed-in',
          staff,
          idToken: tokens.id_token,
          ...(tokens.refresh_token !== undefined && { refreshToken: tokens.refresh_token }),
          accessToken: tokens.access_token,
        };
      } catch (error) {
        return { outcome: isProviderFailure(error) ? 'provider-refused' : 'failed', reason: reasonOf(error) };
      }
    },

    async signOutUrl(idToken) {
      const config = await configuration();
      if (config.serverMetadata().end_session_endpoint === undefined) return new URL(options.postLogoutRedirectUri);
      return oidc.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: options.postLogoutRedirectUri,
        client_id: options.clientId,
      });
    },

    async rolesAgain({ staffId, refreshToken, accessToken }) {
      try {
        if (refreshToken !== undefined) {
          const config = await configuration();
          const tokens = await oidc.refreshTokenGrant(config, refreshToken);
          const claims = tokens.claims();
          const fresh =
            claims?.[options.rolesClaim] !== undefined
              ? claims
              : await oidc.fetchUserInfo(config, tokens.access_token, claims?.sub ?? staffId);
          return {
            outcome: 'roles',
            staffId: fresh.sub,
            roles: knownRoles(fresh[options.rolesClaim]),
            refreshToken: tokens.refresh_token,
            accessToken: tokens.access_token,
          };
        }
        if (accessToken !== undefined) {
          // No refresh token to renew it: the access token of the sign-in, until the provider
          // refuses it (expired) and the session ends. The answer must be about this member of staff.
          const info = await oidc.fetchUserInfo(await configuration(), accessToken, staffId);
          return { outcome: 'roles', staffId: info.sub, roles: knownRoles(info[options.rolesClaim]) };
        }
        return { outcome: 'refused', reason: NO_TOKEN };
      } catch (error) {
        return { outcome: 'refused', reason: reasonOf(error) };
      }
    },
  };
}

async function discover(options: StaffSignInOptions): Promise<oidc.Configuration> {
  const issuer = new URL(options.issuer);
  // openid-client refuses plain HTTP; the local provider on this machine is the one exception,
  // and never in production.
  const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname) && !runsInProduction();
  const execute = insecure ? [oidc.allowInsecureRequests] : [];
  const found = await oidc.discovery(issuer, options.clientId, undefined, oidc.None(), { execute });
  // The client's authentication as registered at the provider: never guessed from what it offers,
  // which says nothing of this client.
  const authentication =
    options.clientAuthMethod === 'client_secret_post'
      ? oidc.ClientSecretPost(options.clientSecret)
      : oidc.ClientSecretBasic(options.clientSecret);
  const config = new oidc.Configuration(found.serverMetadata(), options.clientId, options.clientSecret, authentication);
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

function staffOf(claims: oidc.IDToken, rolesClaim: string): StaffMember {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const email = text(claims.email);
  const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return {
    id: claims.sub,
    name: text(claims.name) ?? (fullName || (email ?? claims.sub)),
    ...(email !== undefined && { email }),
    roles: knownRoles(claims[rolesClaim]),
  };
}

function isPendingSignIn(value: unknown): value is PendingSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const { state, nonce, codeVerifier } = value as Record<string, unknown>;
  return [state, nonce, codeVerifier].every((part) => typeof part === 'string' && part !== '');
}

// The provider's error codes that are about the console, or the provider, not the person signing in.
const PROVIDER_ERRORS = new Set([
  'invalid_client',
  'unauthorized_client',
  'unsupported_grant_type',
  'server_error',
  'temporarily_unavailable',
]);

/**
 * The provider's error code: of its redirect (access_denied), of its token endpoint's answer
 * (invalid_grant), or of its WWW-Authenticate challenge (invalid_client, where it asks for Basic).
 */
function providerErrorOf(error: unknown): string | undefined {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return error.error;
  if (error instanceof oidc.WWWAuthenticateChallengeError) return error.cause[0]?.parameters.error ?? 'a challenge';
  return undefined;
}

const statusOf = (error: unknown) =>
  error instanceof oidc.ResponseBodyError || error instanceof oidc.WWWAuthenticateChallengeError
    ? error.status
    : undefined;

/** True when a callback failed for the provider's part: it refused the console, failed, or was not reached. */
function isProviderFailure(error: unknown): boolean {
  const code = providerErrorOf(error);
  if (code !== undefined) return PROVIDER_ERRORS.has(code) || (statusOf(error) ?? 0) >= 500;
  // fetch's own failure (refused, reset, a name that does not resolve), or a timeout.
  return error instanceof TypeError || (error instanceof Error && ['AbortError', 'TimeoutError'].includes(error.name));
}

/**
 * Why a callback failed, for the console's log and page: openid-client's error code and message
 * (with the check that failed, which it keeps as the cause: the state, the nonce, the PKCE
 * verifier), or the provider's error code (access_denied, say). None of them repeats a token or
 * a claim's value; the provider's error_description is left out, being its words.
 */
function reasonOf(error: unknown): string {
  const answered = providerErrorOf(error);
  if (answered !== undefined) return `the identity provider answered ${answered}`;
  if (!(error instanceof Error)) return 'unknown error';
  if (isProviderFailure(error)) {
    const cause = (error.cause as { code?: unknown } | undefined)?.code;
    return `the identity provider cannot be reached (${typeof cause === 'string' ? cause : error.name})`;
  }
  const code = (error as { code?: unknown }).code;
  const check = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}${check}`.slice(0, 300);
}
