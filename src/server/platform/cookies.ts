// The one writer of every cookie the server sets, so that one rule decides `Secure`: always in
// production (behind a proxy that ends TLS the request itself may look like plain HTTP), and
// otherwise when the request came over HTTPS. The server's own cookies (the form token, the form
// session) are HttpOnly and, where Secure, `__Host-` prefixed (decision 026); the console's, for
// /caseworker alone, `__Secure-` prefixed (decision 038).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue, HOST_COOKIE_PREFIX, SECURE_COOKIE_PREFIX } from '#shared/cookies/cookie-value.ts';

export interface Cookies {
  /** True when the cookies set for this request are Secure. */
  secure(request: FastifyRequest): boolean;
  /**
   * The value of the server's own cookie `name` (for `path`, the whole site by default) that the
   * request carries. A cookie for part of the site, carried twice, is neither: another host may
   * have set one of its name for a parent domain.
   */
  read(request: FastifyRequest, name: string, path?: string): string | undefined;
  /** Sets the server's own cookie `name`: HttpOnly, SameSite=Lax, for `path` (the whole site by default), until the browser closes. */
  set(request: FastifyRequest, reply: FastifyReply, name: string, value: string, path?: string): void;
  /** Tells the browser to forget the server's own cookie `name` (for `path`). */
  clear(request: FastifyRequest, reply: FastifyReply, name: string, path?: string): void;
  /** Sets a cookie the browser app writes too (the language, the analytics choice), as `line(secure)` spells it. */
  setShared(request: FastifyRequest, reply: FastifyReply, line: (secure: boolean) => string): void;
}

export function createCookies(options: { readonly alwaysSecure: boolean }): Cookies {
  const secure = (request: FastifyRequest) => options.alwaysSecure || request.protocol === 'https';
  // `__Host-` needs Path=/; a cookie for part of the site can be `__Secure-` at most.
  const nameOf = (request: FastifyRequest, name: string, path: string) =>
    secure(request) ? `${path === '/' ? HOST_COOKIE_PREFIX : SECURE_COOKIE_PREFIX}${name}` : name;
  const attributes = (request: FastifyRequest, path: string) =>
    `Path=${path}; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`;
  return {
    secure,
    read(request, name, path = '/') {
      const header = request.headers.cookie ?? '';
      const full = nameOf(request, name, path);
      if (path !== '/' && cookieCount(header, full) > 1) return undefined;
      return cookieValue(header, full);
    },
    set(request, reply, name, value, path = '/') {
      const full = nameOf(request, name, path);
      replace(reply, full, `${full}=${value}; ${attributes(request, path)}`);
    },
    clear(request, reply, name, path = '/') {
      const full = nameOf(request, name, path);
      replace(reply, full, `${full}=; Max-Age=0; ${attributes(request, path)}`);
    },
    setShared(request, reply, line) {
      reply.header('set-cookie', line(secure(request)));
    },
  };
}

const cookieCount = (header: string, name: string) =>
  header.split(';').filter((part) => part.slice(0, Math.max(0, part.indexOf('='))).trim() === name).length;

/** Sets the cookie `name` to `line`, in place of a line this reply already had for it (a session renewed twice). */
function replace(reply: FastifyReply, name: string, line: string): void {
  const set = reply.getHeader('set-cookie');
  const others = (Array.isArray(set) ? set : set === undefined ? [] : [String(set)]).filter(
    (other) => !other.startsWith(`${name}=`),
  );
  reply.removeHeader('set-cookie');
  for (const other of [...others, line]) reply.header('set-cookie', other);
}
