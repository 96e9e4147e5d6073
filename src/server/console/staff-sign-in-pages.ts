// Signing in and out of the console: through the OpenID provider (staff-sign-in.ts), into a staff
// session kept on the server (staff-sessions.ts) under an HttpOnly cookie for /caseworker alone,
// `__Secure-` prefixed wherever it is Secure. Every route here is open to anyone, outside the
// guarded scopes (OPEN_CONSOLE_ROUTES in console.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { placeOf } from '../security/security-log.ts';
import { recordStaffAccess, UNKNOWN_STAFF } from '../services/casework/staff-access.ts';
import type { ConsoleRouteOptions } from './console-types.ts';
import { landingPage, RETURN_PARAMETER, returnPathOf } from './return-path.ts';
import { formIsOurs } from './staff-guard.ts';
import { STAFF_COOKIE_PATH, STAFF_SESSION_COOKIE } from './staff-cookies.ts';
import { STAFF_CALLBACK_PATH, STAFF_SIGNED_OUT_PATH, type PendingSignIn } from './staff-sign-in.ts';

const SIGN_IN_COOKIE = 'cwc-console-sign-in';
// Set by the sign-in, read by its callback only.
const SIGN_IN_COOKIE_PATH = STAFF_CALLBACK_PATH.slice(0, STAFF_CALLBACK_PATH.lastIndexOf('/'));

/** What the console keeps of a sign-in under way: the provider's checks, and the page to return to. */
interface KeptSignIn extends PendingSignIn {
  readonly returnTo?: string;
}

const signInHref = (returnTo: string | undefined) =>
  returnTo === undefined
    ? '/caseworker/sign-in'
    : `/caseworker/sign-in?${new URLSearchParams({ [RETURN_PARAMETER]: returnTo }).toString()}`;

export function registerStaffSignInPages(scope: FastifyInstance, options: ConsoleRouteOptions): void {
  const { cookies, sessions, signIn, now, limits, pages, securityLog } = options;
  // Sign-ins, refusals and sign-outs join the decisions in the audit log (staff-access.ts).
  const audit = { database: options.database, now };

  const pendingOf = (request: FastifyRequest): KeptSignIn | undefined => {
    const kept = cookies.read(request, SIGN_IN_COOKIE, SIGN_IN_COOKIE_PATH);
    if (kept === undefined) return undefined;
    try {
      return JSON.parse(Buffer.from(kept, 'base64url').toString('utf8')) as KeptSignIn;
    } catch {
      return undefined;
    }
  };
  /** The page asked for in a request's query, when it is a console page to return to. */
  const returnAskedIn = (request: FastifyRequest) =>
    returnPathOf(new URLSearchParams(request.url.split('?')[1] ?? '').get(RETURN_PARAMETER) ?? undefined);

  /** Spends one of the address's sign-in requests; false when over its budget (the 429 page sent). */
  const spendSignIn = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const spent = await limits.take(request.ip, 'staffSignIns');
    if (spent.allowed) return true;
    securityLog.record('rate-limited', placeOf(request), 'staffSignIns');
    reply.header('retry-after', String(spent.retryAfterSeconds));
    await pages.send(reply, 429, 'message', {
      title: 'Too many sign-ins from this address',
      paragraphs: [`Try again in ${spent.retryAfterSeconds} seconds.`],
    });
    return false;
  };

  async function startSignIn(request: FastifyRequest, reply: FastifyReply) {
    if (!(await spendSignIn(request, reply))) return reply;
    const started = await signIn.start();
    // The state, nonce and PKCE verifier of this sign-in, until the provider sends the browser
    // back, and the page to return to then (never sent to the provider).
    const returnTo = returnAskedIn(request);
    const kept: KeptSignIn = { ...started.pending, ...(returnTo !== undefined && { returnTo }) };
    cookies.set(
      request,
      reply,
      SIGN_IN_COOKIE,
      Buffer.from(JSON.stringify(kept)).toString('base64url'),
      SIGN_IN_COOKIE_PATH,
    );
    return reply.redirect(started.redirectTo.href, 303);
  }

  async function finishSignIn(request: FastifyRequest, reply: FastifyReply) {
    // Each callback may ask the provider for tokens: counted, as a sign-in's start is.
    if (!(await spendSignIn(request, reply))) return reply;
    const pending = pendingOf(request);
    cookies.clear(request, reply, SIGN_IN_COOKIE, SIGN_IN_COOKIE_PATH);
    const callback = new URL(request.url, options.config.publicBaseUrl);
    const finished =
      pending === undefined
        ? ({ outcome: 'failed', reason: 'no sign-in under way' } as const)
        : await signIn.finish(callback, pending);
    switch (finished.outcome) {
      case 'signed-in': {
        const { id } = await sessions.create(finished.staff, finished.idToken, now(), {
          clientAddress: request.ip,
          refreshToken: finished.refreshToken,
          accessToken: finished.accessToken,
        });
        await recordStaffAccess(audit, finished.staff, request.ip, { action: 'sign-in' });
        cookies.set(request, reply, STAFF_SESSION_COOKIE, id, STAFF_COOKIE_PATH);
        request.log.info({ staffId: finished.staff.id }, 'Staff signed in');
        securityLog.record('sign-in-succeeded', placeOf(request), 'signed-in');
        // Checked again on its way back: the cookie is the browser's to change.
        return reply.redirect(returnPathOf(pending?.returnTo) ?? landingPage(finished.staff.roles), 303);
      }
      case 'no-role':
        request.log.warn({ staffId: finished.staff.id }, 'Sign-in without a console role refused');
        securityLog.record('sign-in-failed', placeOf(request), 'no-role');
        await recordStaffAccess(audit, finished.staff, request.ip, { action: 'sign-in-refused', why: 'no-role' });
        return pages.send(reply, 403, 'message', {
          title: 'You do not have access to the caseworker console',
          paragraphs: [
            'You signed in, but your account does not have a caseworker role.',
            'Ask your team leader to give you the caseworker role, then sign in again.',
          ],
        });
      case 'provider-refused':
        // Not the person's doing, nor theirs to mend: the client's registration, or the provider.
        request.log.error({ reason: finished.reason }, "The identity provider refused the console's sign-in");
        securityLog.record('sign-in-failed', placeOf(request), 'provider-refused');
        await recordStaffAccess(audit, UNKNOWN_STAFF, request.ip, {
          action: 'sign-in-refused',
          why: 'provider-refused',
        });
        return pages.send(reply, 502, 'message', {
          title: 'Sorry, staff sign-in is not working',
          paragraphs: [
            'The sign-in service refused the console, or did not answer. There is nothing wrong with your account.',
            'Try again later. If it goes on, tell the team that runs the console.',
          ],
        });
      case 'failed':
        request.log.warn({ reason: finished.reason }, 'Staff sign-in failed');
        securityLog.record('sign-in-failed', placeOf(request), 'failed');
        await recordStaffAccess(audit, UNKNOWN_STAFF, request.ip, { action: 'sign-in-refused', why: 'failed' });
        return pages.send(reply, 400, 'message', {
          title: 'Sign-in did not work',
          paragraphs: ['The sign-in may have taken too long, or been started in another tab.'],
          action: { text: 'Sign in again', href: '/caseworker/sign-in' },
        });
    }
  }

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const id = cookies.read(request, STAFF_SESSION_COOKIE, STAFF_COOKIE_PATH);
    const found = id === undefined ? undefined : await sessions.read(id, now());
    if (id === undefined || found?.outcome !== 'active') return reply.redirect('/caseworker/signed-out', 303);
    if (!formIsOurs(request, found.session, new URL(options.config.publicBaseUrl).origin)) {
      securityLog.record('cross-site-refused', placeOf(request), 'console');
      return pages.send(reply, 403, 'message', {
        title: 'Sign out from the console’s own page',
        paragraphs: ['This form did not come from the console.'],
        action: { text: 'Go to the console', href: '/caseworker' },
      });
    }
    const ended = await sessions.end(id);
    if (ended !== undefined) await recordStaffAccess(audit, found.session.staff, request.ip, { action: 'sign-out' });
    cookies.clear(request, reply, STAFF_SESSION_COOKIE, STAFF_COOKIE_PATH);
    // The provider's session ends too, or the next sign-in would not ask who is signing in.
    const to =
      ended === undefined
        ? new URL(STAFF_SIGNED_OUT_PATH, options.config.publicBaseUrl)
        : await signIn.signOutUrl(ended.idToken);
    return reply.redirect(to.href, 303);
  }

  async function signedOutPage(_request: FastifyRequest, reply: FastifyReply) {
    return pages.send(reply, 200, 'message', {
      title: 'You have signed out',
      paragraphs: [],
      action: { text: 'Sign in', href: '/caseworker/sign-in' },
    });
  }

  async function timedOutPage(request: FastifyRequest, reply: FastifyReply) {
    // Another tab may have kept the session going since this one's countdown started.
    const id = cookies.read(request, STAFF_SESSION_COOKIE, STAFF_COOKIE_PATH);
    if (id !== undefined && (await sessions.read(id, now())).outcome === 'active') {
      return reply.redirect(returnAskedIn(request) ?? '/caseworker', 303);
    }
    return pages.send(reply, 200, 'message', {
      title: 'You have been signed out',
      paragraphs: [
        'For your security, we sign you out after 30 minutes without activity, and 12 hours after you signed in.',
        // A session the roles check or an admin ended lands here too (decision 038).
        'You are also signed out when an administrator ends your session, or when your access to the console changes.',
        'Anything you had not sent has not been saved.',
      ],
      action: { text: 'Sign in again', href: signInHref(returnAskedIn(request)) },
    });
  }

  // The routes of this file.
  scope.get('/caseworker/sign-in', startSignIn);
  scope.get(STAFF_CALLBACK_PATH, finishSignIn);
  scope.post('/caseworker/sign-out', signOut);
  scope.get(STAFF_SIGNED_OUT_PATH, signedOutPage);
  scope.get('/caseworker/timed-out', timedOutPage);
}
