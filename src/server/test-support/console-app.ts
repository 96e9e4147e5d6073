// What the console's server tests share: the service's test settings with the console on, and a
// member of staff's session made as the sign-in makes it.
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createStaffSessions, STAFF_SESSION_COOKIE } from '../console/staff-sessions.ts';

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
