// Every console route is guarded unless it is one of OPEN_CONSOLE_ROUTES: the routes are read from
// Fastify's route table as the console registers them (an onRoute hook), never listed here, so a
// route added later is tried without anyone remembering to add it (decision 051).
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listStaffActions } from '../db/staff-audit-repository.ts';
import { consoleTestApp, type RegisteredRoute } from './test-support/console-app.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { isOpenConsoleRoute, OPEN_CONSOLE_ROUTES } from './console.ts';

const isConsoleRoute = (url: string) => url === '/caseworker' || url.startsWith('/caseworker/');

describe.each(testEngines())('the console’s route table, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  const clock = new Date('2026-11-24T10:00:00Z');
  let app: FastifyInstance;
  let routes: readonly RegisteredRoute[];

  beforeEach(async () => {
    ({ app, routes } = await consoleTestApp(database.db, () => clock));
  });
  afterEach(async () => {
    await app.close();
  });

  const consoleRoutes = () => routes.filter((route) => isConsoleRoute(route.url));
  /** The routes behind the guard: every console route but the open ones. */
  const guarded = () => consoleRoutes().filter((route) => !isOpenConsoleRoute(route.url));
  /** An address of the route: its parameters filled with a reference no application has. */
  const addressOf = (route: RegisteredRoute) => route.url.replace(/:\w+/g, 'CWC-00000-00000-0');

  it('holds the console’s pages and forms, and each open route names a route that is there', () => {
    expect(guarded().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /caseworker',
        'HEAD /caseworker',
        'POST /caseworker/applications/:reference/approve',
        'GET /caseworker/export',
        'POST /caseworker/export',
        'POST /caseworker/session',
      ]),
    );
    // An open route left in the list after its route went would open whatever takes its address next.
    for (const open of OPEN_CONSOLE_ROUTES) {
      const there = consoleRoutes().some((route) =>
        open.prefix === true ? route.url.startsWith(open.url) : route.url === open.url,
      );
      expect(there, open.url).toBe(true);
    }
  });

  it('sends a signed-out request for a page to sign in, the page kept to return to, on every guarded route', async () => {
    const pages = guarded().filter((route) => route.method === 'GET' || route.method === 'HEAD');
    expect(pages.length).toBeGreaterThan(10);
    for (const route of pages) {
      const url = addressOf(route);
      const answer = await app.inject({ method: route.method as 'GET' | 'HEAD', url });
      const where = `${route.method} ${route.url}`;
      expect(answer.statusCode, where).toBe(303);
      expect(answer.headers.location, where).toBe(
        url === '/caseworker' ? '/caseworker/sign-in' : `/caseworker/sign-in?to=${encodeURIComponent(url)}`,
      );
    }
  });

  it('sends a signed-out form to the page that says the session ended and signs in again, on every guarded route, and changes nothing', async () => {
    const forms = guarded().filter((route) => route.method !== 'GET' && route.method !== 'HEAD');
    expect(forms.length).toBeGreaterThan(10);
    expect(forms.every((route) => route.method === 'POST')).toBe(true);
    for (const route of forms) {
      const answer = await app.inject({
        method: 'POST',
        url: addressOf(route),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ csrf: 'x'.repeat(43), expectedStatus: 'in-progress' }).toString(),
      });
      const where = `${route.method} ${route.url}`;
      expect(answer.statusCode, where).toBe(303);
      expect(answer.headers.location, where).toBe('/caseworker/timed-out');
    }
    const timedOut = await app.inject({ url: '/caseworker/timed-out' });
    expect(timedOut.statusCode).toBe(200);
    expect(timedOut.body).toContain('href="/caseworker/sign-in"');
    // No handler ran: nothing a member of staff does went into the audit log.
    const { lines } = await listStaffActions(database.db, {}, { limit: 5, offset: 0 });
    expect(lines).toEqual([]);
  });

  it('leaves the open routes open: a signed-out request is answered there, not sent to sign in', async () => {
    for (const url of ['/caseworker/signed-out', '/caseworker/timed-out', '/caseworker/assets/console.css']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
    }
    expect((await app.inject({ url: '/caseworker/no-such-page' })).statusCode).toBe(404);
  });
});
