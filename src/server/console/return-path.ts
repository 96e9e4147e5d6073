// Where a sign-in leads: back to the console page that was asked for while signed out (a
// colleague's link to an application, say), or the staff member's default page. The page asked
// for travels as a query parameter to the sign-in, is kept with the sign-in under way (never sent
// to the provider), and is checked each time it is read: only a path of this service's console
// is ever a redirect's target.
import type { StaffRole } from '../services/staff/staff-members.ts';

/** The query parameter that carries the page to return to, from the guard to the sign-in. */
export const RETURN_PARAMETER = 'to';

// The console's own pages about signing in and out, and its files: never a page to return to.
const NOT_RETURNED_TO = /^\/caseworker\/(sign-in|sign-out|signed-out|timed-out|auth|assets)(\/|$)/;
const MAX_LENGTH = 1000;

/**
 * The path (and query) of a console page, as asked for; undefined for anything else: an address
 * with a scheme or a host, `//` or `\` anywhere, control characters, a fragment, a path that leaves
 * /caseworker once `..` is resolved, or one of the sign-in's own pages.
 */
export function returnPathOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  if (!/^\/caseworker([/?]|$)/.test(value) || /\/\/|\\|[\s#]/.test(value) || hasControlCharacter(value))
    return undefined;
  // Resolved as a browser would resolve it: `..` and its encodings are gone, the host is ours.
  const base = 'https://console.invalid';
  const url = new URL(value, base);
  if (url.origin !== base || !/^\/caseworker(\/|$)/.test(url.pathname) || url.pathname.includes('//')) return undefined;
  if (NOT_RETURNED_TO.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}`;
}

const hasControlCharacter = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

/** The page a member of staff lands on when no page was asked for: one their roles open. */
export function landingPage(roles: readonly StaffRole[]): string {
  return roles.includes('CASEWORKER') ? '/caseworker' : '/caseworker/audit';
}
