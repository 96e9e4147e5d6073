/** The value of the cookie `name` in a `Cookie` header (or `document.cookie`), if set. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The prefix of the server's own cookies wherever cookies are Secure (in production): a browser
 * keeps a `__Host-` cookie only when it is Secure, for the whole site (`Path=/`) and for this host
 * alone (no `Domain`), so no other site, not even a sibling subdomain, can set one in its place.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/**
 * The prefix of the server's own cookies for one part of the site (a `Path` other than `/`)
 * wherever cookies are Secure: a browser keeps a `__Secure-` cookie only when it is Secure.
 */
export const SECURE_COOKIE_PREFIX = '__Secure-';
