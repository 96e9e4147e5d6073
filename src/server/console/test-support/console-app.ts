// What the console's server tests share: the service's test settings with the console on, a
// member of staff's session made as the sign-in makes it, and the console alone on an app whose
// route table a test can read.
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.ts';
import { registerConsole } from '../console.ts';
import { createStaffSessions } from '../../services/staff/staff-sessions.ts';
import { STAFF_SESSION_COOKIE } from '../staff-cookies.ts';
import type { StaffSignIn } from '../staff-sign-in.ts';
import type { Database } from '../../db/database.ts';
import { createCookies } from '../../platform/cookies.ts';
import { registerRateLimits } from '../../platform/rate-limits.ts';
import { createSecurityLog } from '../../security/security-log.ts';

/** The test settings with the console on; its provider is an address nothing answers (no test here signs in through it). */
export const consoleTestConfig = () => ({
  ...loadConfig({ NODE_ENV: 'test' }),
  oidc: { issuer: 'http://127.0.0.1:9/', clientId: 'console', clientSecret: 'secret' },
});

/** A caseworker named `name` signed in at `at`: the cookie of their session, its CSRF token, and their staff id. */
export async function signedInCaseworker(database: Database, name: string, at: Date) {
  const id = `subject-${name.split(' ')[0]!.toLowerCase()}`;
  const session = await createStaffSessions(database).create({ id, name, roles: ['CASEWORKER'] }, 'id-token', at);
  return { cookie: `${STAFF_SESSION_COOKIE}=${session.id}`, csrf: session.csrfToken, id };
}

/** A route as Fastify registered it: one method, and the route's pattern. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

/**
 * The console alone, registered as buildApp registers it, on an app that collects every route
 * registered (an onRoute hook added before the console's): the route table as Fastify holds it,
 * so a route added later is in it without anyone listing it. Its provider signs nobody in.
 */
export async function consoleTestApp(
  database: Database,
  now: () => Date,
): Promise<{ readonly app: FastifyInstance; readonly routes: readonly RegisteredRoute[] }> {
  const config = consoleTestConfig();
  const app = Fastify();
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const securityLog = createSecurityLog({ logger: app.log, addressKey: undefined });
  const unavailable = () => Promise.reject(new Error('no provider in this test'));
  const signIn: StaffSignIn = {
    start: unavailable,
    finish: unavailable,
    signOutUrl: unavailable,
    rolesAgain: unavailable,
  };
  await registerConsole(app, {
    config,
    database,
    now,
    cookies: createCookies({ alwaysSecure: false }),
    limits: await registerRateLimits(app, { database, now, securityLog, settings: config }),
    securityLog,
    sessions: createStaffSessions(database),
    signIn,
    issuerOrigin: new URL(config.oidc.issuer).origin,
  });
  await app.ready();
  return { app, routes };
}
