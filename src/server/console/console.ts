// The caseworker console at /caseworker (decision 038): staff pages, apart from the public pages in
// their routes, cookies, limits and headers. Staff sign in through the OpenID provider; every
// other page is answered only behind the staff guard, and every form carries its session's CSRF
// token. Pages are rendered on the server (console-views.ts) and need no JavaScript.
//
// Guarded by default (decision 051): the route files register their pages in a guarded scope,
// whose hook passes every request through the guard before its handler (a route added there later
// is guarded without anyone remembering). Only the routes of OPEN_CONSOLE_ROUTES are registered
// outside it.
import { createHash } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../platform/security-headers.ts';
import { registerAdminPages } from './admin-pages.ts';
import { registerApplicationPages } from './application-pages.ts';
import { registerAssignmentPages } from './assignment-pages.ts';
import { CONSOLE_ASSETS_PATH, registerConsoleAssets } from './console-assets.ts';
import type { ConsoleOptions, ConsolePages, ConsoleRouteOptions } from './console-types.ts';
import { createConsoleViews } from './console-views.ts';
import { registerQueuePages } from './queue-pages.ts';
import { landingPage } from './return-path.ts';
import { createStaffGuard, staffOnly, type SignedIn, type StaffGuard } from './staff-guard.ts';
import type { StaffRole } from '../services/staff/staff-members.ts';
import { registerStaffSessionPages, registerStaySignedIn } from './staff-session-pages.ts';
import { STAFF_IDLE_TIMEOUT_MS } from '../services/staff/staff-sessions.ts';
import { registerStaffSignInPages } from './staff-sign-in-pages.ts';
import { STAFF_CALLBACK_PATH, STAFF_SIGNED_OUT_PATH, StaffSignInUnavailableError } from './staff-sign-in.ts';

const CONSOLE_PATH = '/caseworker';

/**
 * The console's routes open to anyone, each for its reason; every other console route is
 * registered in a guarded scope. A route `url` here, or under it when `prefix`.
 */
export const OPEN_CONSOLE_ROUTES: readonly { readonly url: string; readonly prefix?: true; readonly why: string }[] = [
  { url: '/caseworker/sign-in', why: 'starts a sign-in' },
  { url: STAFF_CALLBACK_PATH, why: 'finishes a sign-in' },
  { url: '/caseworker/sign-out', why: 'ends the session it has; without one it ends nothing' },
  { url: STAFF_SIGNED_OUT_PATH, why: 'says the session has ended' },
  { url: '/caseworker/timed-out', why: 'says the session has ended, and signs in again' },
  { url: `${CONSOLE_ASSETS_PATH}/`, prefix: true, why: 'the styles, scripts and fonts the open pages use too' },
  { url: `${CONSOLE_PATH}/*`, why: 'the page of an address with nothing behind it' },
];

/** True when `url` (a route's pattern) is one of OPEN_CONSOLE_ROUTES. */
export const isOpenConsoleRoute = (url: string): boolean =>
  OPEN_CONSOLE_ROUTES.some((open) => (open.prefix === true ? url.startsWith(open.url) : url === open.url));

// Sent with every console answer: staff pages hold personal data (no copy kept anywhere) and are
// nobody's search result.
const consoleHeaders = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

// What the console says of a request whose body it refused, by status code.
const bodyRefusals: Partial<Record<number, { title: string; paragraphs: string[] }>> = {
  400: {
    title: 'The form could not be read',
    paragraphs: ['Nothing was changed. Go back to the page, reload it and try again.'],
  },
  413: { title: 'The form was too large', paragraphs: ['Nothing was changed. Go back to the page and send less.'] },
  415: {
    title: 'The console takes only its own forms',
    paragraphs: ['Nothing was changed. Send the form from the console’s page.'],
  },
};

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined;

export async function registerConsole(app: FastifyInstance, options: ConsoleOptions): Promise<void> {
  const views = createConsoleViews();
  // GOV.UK's page template adds the js-enabled class with one inline script: allowed by its hash alone.
  const scriptHashes = views
    .inlineScripts()
    .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  const policy = contentSecurityPolicy({ scripts: scriptHashes, formActions: [options.issuerOrigin] });

  // The console's styles, scripts and fonts keep their own caching: outside the scope whose
  // answers are all no-store.
  await registerConsoleAssets(app);
  await app.register(async (scope) => {
    // The console's forms are HTML forms: any other body (JSON, text, a file) is refused, 415.
    scope.removeAllContentTypeParsers();
    await scope.register(formBody, { bodyLimit: 16 * 1024 });
    scope.addHook('onSend', async (_request, reply) => {
      reply.headers({ ...consoleHeaders, 'content-security-policy': policy });
    });

    // What the member of staff may open, the section of the page asked for marked as current.
    const navigationOf = (signedIn: SignedIn, path: string) =>
      [
        ...(signedIn.session.staff.roles.includes('CASEWORKER') ? [{ href: CONSOLE_PATH, text: 'Applications' }] : []),
        ...(signedIn.session.staff.roles.includes('CASEWORKER_ADMIN')
          ? [
              { href: `${CONSOLE_PATH}/audit`, text: 'Audit log' },
              { href: `${CONSOLE_PATH}/export`, text: 'Export decisions' },
              { href: `${CONSOLE_PATH}/sessions`, text: 'Signed-in staff' },
            ]
          : []),
      ].map((item) => ({
        ...item,
        active:
          item.href === CONSOLE_PATH
            ? !/^\/caseworker\/(audit|export|sessions)\b/.test(path)
            : path.startsWith(item.href),
      }));
    const send: ConsolePages['send'] = (reply, code, name, context, signedIn) =>
      reply
        .code(code)
        .type('text/html; charset=utf-8')
        .send(
          views.render(name, {
            assets: CONSOLE_ASSETS_PATH,
            idleSeconds: STAFF_IDLE_TIMEOUT_MS / 1000,
            ...(signedIn && {
              staff: { name: signedIn.session.staff.name, id: signedIn.session.staff.id },
              csrf: signedIn.session.csrfToken,
              navigation: navigationOf(signedIn, reply.request.url),
              // The service's name leads to a page the staff member may open.
              home: landingPage(signedIn.session.staff.roles),
            }),
            ...context,
          }),
        );
    const guard = createStaffGuard({
      ...options,
      publicOrigin: new URL(options.config.publicBaseUrl).origin,
      refuse: (reply, code, message, signedIn) => send(reply, code, 'message', message, signedIn),
    });
    const routeOptions: ConsoleRouteOptions = { ...options, pages: { send } };

    scope.setErrorHandler((error, request, reply) => {
      // A body the console does not take (too large, not a form, unreadable): the request's fault,
      // answered with its code and a page, nothing changed.
      const refusal = bodyRefusals[statusOf(error) ?? 0];
      if (refusal !== undefined) {
        request.log.info(
          { code: (error as { code?: unknown }).code, route: request.routeOptions.url },
          'Console request refused',
        );
        return send(reply, statusOf(error) ?? 400, 'message', refusal);
      }
      // The route's pattern, not the address: a console address can hold a reference or a search.
      request.log.error({ err: error, route: request.routeOptions.url }, 'Console request failed');
      if (error instanceof StaffSignInUnavailableError) {
        return send(reply, 503, 'message', {
          title: 'Sorry, staff sign-in is not available',
          paragraphs: ['The sign-in service did not answer. Try again in a few minutes.'],
        });
      }
      return send(reply, 500, 'message', {
        title: 'Sorry, there is a problem with the service',
        paragraphs: ['Try again later. Nothing was changed unless the page said so.'],
      });
    });
    // Set by the guard's hook on the guarded routes, before their handlers run.
    scope.decorateRequest('staff', null as unknown as SignedIn);

    // Open to anyone: OPEN_CONSOLE_ROUTES.
    registerStaffSignInPages(scope, routeOptions);
    scope.all(`${CONSOLE_PATH}/*`, async (_request, reply) =>
      send(reply, 404, 'message', { title: 'Page not found', paragraphs: ['Check the address is right.'] }),
    );
    // Everything else, behind the guard with the role it needs.
    await registerGuarded(scope, guard, 'CASEWORKER', routeOptions, [
      registerQueuePages,
      registerApplicationPages,
      registerAssignmentPages,
      registerStaySignedIn,
    ]);
    await registerGuarded(scope, guard, 'CASEWORKER_ADMIN', routeOptions, [
      registerAdminPages,
      registerStaffSessionPages,
    ]);
  });
}

/**
 * Registers the routes of `files` in a scope of their own whose every request passes the guard
 * with `role` first: the handlers read the member of staff from `request.staff`.
 */
async function registerGuarded(
  parent: FastifyInstance,
  guard: StaffGuard,
  role: StaffRole,
  options: ConsoleRouteOptions,
  files: readonly ((scope: FastifyInstance, options: ConsoleRouteOptions) => void)[],
): Promise<void> {
  await parent.register(async (scope) => {
    scope.addHook('preHandler', staffOnly(guard, role));
    for (const register of files) register(scope, options);
  });
}
