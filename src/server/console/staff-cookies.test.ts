import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createCookies } from '../platform/cookies.ts';
import { STAFF_COOKIE_PATH, STAFF_SESSION_COOKIE } from './staff-cookies.ts';

describe('the staff session cookie', () => {
  const replyOf = (headers: string[]) =>
    ({
      getHeader: () => [...headers],
      removeHeader: () => headers.splice(0),
      header: (_name: string, line: string) => headers.push(line),
    }) as unknown as FastifyReply;

  it('is cwc-console for /caseworker alone, __Secure- prefixed where cookies are Secure, and so outside production too', () => {
    for (const [alwaysSecure, protocol, line] of [
      [true, 'http', '__Secure-cwc-console=id; Path=/caseworker; HttpOnly; SameSite=Lax; Secure'],
      [false, 'https', '__Secure-cwc-console=id; Path=/caseworker; HttpOnly; SameSite=Lax; Secure'],
      [false, 'http', 'cwc-console=id; Path=/caseworker; HttpOnly; SameSite=Lax'],
    ] as const) {
      const headers: string[] = [];
      const request = { protocol, headers: {} } as FastifyRequest;
      createCookies({ alwaysSecure }).set(request, replyOf(headers), STAFF_SESSION_COOKIE, 'id', STAFF_COOKIE_PATH);
      expect(headers).toEqual([line]);
    }
  });

  it('is read once: a second cookie of its name (one another host set for the parent domain) is neither', () => {
    const cookies = createCookies({ alwaysSecure: true });
    const request = (cookie: string) => ({ protocol: 'https', headers: { cookie } }) as FastifyRequest;
    expect(cookies.read(request('__Secure-cwc-console=ours'), STAFF_SESSION_COOKIE, STAFF_COOKIE_PATH)).toBe('ours');
    expect(
      cookies.read(
        request('__Secure-cwc-console=tossed; __Secure-cwc-console=ours'),
        STAFF_SESSION_COOKIE,
        STAFF_COOKIE_PATH,
      ),
    ).toBeUndefined();
    // The site's own cookies, for the whole site, keep their __Host- prefix.
    expect(cookies.read(request('__Host-cwc-form=f'), 'cwc-form')).toBe('f');
  });
});
