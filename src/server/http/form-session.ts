// The server side of a browser without JavaScript (decision 024): the values its tab would keep in
// session storage, kept in the database under a random id in an HttpOnly cookie. The cookie is set
// only when there is something to keep, so a visit that only reads pages makes no session.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '#shared/cookies/cookie-value.ts';
import { FORM_SESSION_COOKIE, FORM_SESSION_IDLE_MS } from '#shared/pages/form-session.ts';
import type { Database } from '../db/database.ts';
import { NO_SESSION, type PageSession } from '#shared/pages/page-renderer.ts';
import { readFormSession, writeFormSession } from '../db/form-session-repository.ts';

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (id: string) => createHash('sha256').update(id).digest();

export interface FormSessions {
  /** The values the browser's session keeps (none when it has no session, or an idle one). */
  read(request: FastifyRequest): Promise<PageSession>;
  /** Keeps `values` for the browser, starting a session (and its cookie, on `reply`) if it has none. */
  write(request: FastifyRequest, reply: FastifyReply, values: PageSession): Promise<void>;
}

export function createFormSessions(options: {
  database: Database;
  now: () => Date;
  /** Adds `Secure` to the cookie whatever the request's protocol (production). */
  alwaysSecure: boolean;
}): FormSessions {
  const idOf = (request: FastifyRequest): string | undefined => {
    const id = cookieValue(request.headers.cookie ?? '', FORM_SESSION_COOKIE);
    return id !== undefined && ID_PATTERN.test(id) ? id : undefined;
  };
  // The id a request set in this reply (a page that wrote twice before answering keeps one session).
  const started = new WeakMap<FastifyRequest, string>();
  return {
    async read(request) {
      const id = started.get(request) ?? idOf(request);
      if (id === undefined) return NO_SESSION;
      const since = new Date(options.now().getTime() - FORM_SESSION_IDLE_MS);
      return (await readFormSession(options.database, hashOf(id), since)) ?? NO_SESSION;
    },
    async write(request, reply, values) {
      let id = started.get(request) ?? idOf(request);
      if (id === undefined) {
        id = randomBytes(32).toString('base64url');
        started.set(request, id);
        const secure = options.alwaysSecure || request.protocol === 'https' ? '; Secure' : '';
        // No Max-Age: the cookie ends with the browser's session, and the row after 24 hours idle.
        reply.header('set-cookie', `${FORM_SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax${secure}`);
      }
      await writeFormSession(options.database, hashOf(id), values, options.now());
    },
  };
}
