// The one writer of every cookie the server sets, so that one rule decides `Secure`: always in
// production (behind a proxy that ends TLS the request itself may look like plain HTTP), and
// otherwise when the request came over HTTPS. The server's own cookies (the form token, the form
// session) are HttpOnly and, where Secure, `__Host-` prefixed (decision 026).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue, HOST_COOKIE_PREFIX } from '#shared/cookies/cookie-value.ts';

export interface Cookies {
  /** True when the cookies set for this request are Secure. */
  secure(request: FastifyRequest): boolean;
  /** The value of the server's own cookie `name` that the request carries. */
  read(request: FastifyRequest, name: string): string | undefined;
  /** Sets the server's own cookie `name`: HttpOnly, SameSite=Lax, for the whole site, until the browser closes. */
  set(request: FastifyRequest, reply: FastifyReply, name: string, value: string): void;
  /** Tells the browser to forget the server's own cookie `name`. */
  clear(request: FastifyRequest, reply: FastifyReply, name: string): void;
  /** Sets a cookie the browser app writes too (the language, the analytics choice), as `line(secure)` spells it. */
  setShared(request: FastifyRequest, reply: FastifyReply, line: (secure: boolean) => string): void;
}

export function createCookies(options: { readonly alwaysSecure: boolean }): Cookies {
  const secure = (request: FastifyRequest) => options.alwaysSecure || request.protocol === 'https';
  const nameOf = (request: FastifyRequest, name: string) => (secure(request) ? `${HOST_COOKIE_PREFIX}${name}` : name);
  const attributes = (request: FastifyRequest) => `Path=/; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`;
  return {
    secure,
    read: (request, name) => cookieValue(request.headers.cookie ?? '', nameOf(request, name)),
    set(request, reply, name, value) {
      replace(reply, nameOf(request, name), `${nameOf(request, name)}=${value}; ${attributes(request)}`);
    },
    clear(request, reply, name) {
      replace(reply, nameOf(request, name), `${nameOf(request, name)}=; Max-Age=0; ${attributes(request)}`);
    },
    setShared(request, reply, line) {
      reply.header('set-cookie', line(secure(request)));
    },
  };
}

/** Sets the cookie `name` to `line`, in place of a line this reply already had for it (a session renewed twice). */
function replace(reply: FastifyReply, name: string, line: string): void {
  const set = reply.getHeader('set-cookie');
  const others = (Array.isArray(set) ? set : set === undefined ? [] : [String(set)]).filter(
    (other) => !other.startsWith(`${name}=`),
  );
  reply.removeHeader('set-cookie');
  for (const other of [...others, line]) reply.header('set-cookie', other);
}
