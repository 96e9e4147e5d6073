// The peer of `npm run bench:peer` (decision 060): the same pages as ours, built the way other UK
// government services build theirs (HOF, HMPPS, DEFRA): Express 5, Nunjucks with govuk-frontend's
// page template and macros, helmet, and express-session with its answers in PostgreSQL
// (connect-pg-simple). It is a measuring stick, not a second service: one question page, the
// start page, and no more than a service of that kind does for them.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import connectPgSimple from 'connect-pg-simple';
import express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import nunjucks from 'nunjucks';
import type pg from 'pg';

/** What the peer keeps of a browser: the worker's name, and the errors and typed values of a post with errors. */
declare module 'express-session' {
  interface SessionData {
    answers: Partial<Record<PeerField, string>>;
    typed: Partial<Record<PeerField, string>>;
    errors: Partial<Record<PeerField, string>>;
  }
}

type PeerField = (typeof FIELDS)[number];

export interface PeerOptions {
  /** The pool the session store queries through: the bench gives both sides the same size. */
  readonly pool: pg.Pool;
  /** A schema of the peer's own, where connect-pg-simple creates its `session` table. */
  readonly schemaName: string;
  /** Signs the session cookie, as express-session requires. */
  readonly secret: string;
}

export interface RunningPeer {
  readonly url: string;
  close(): Promise<void>;
}

// The page's fields, in the order its error summary lists them (ours: answer-fields.ts), with ours' messages.
const FIELDS = ['family-name', 'given-name', 'one-name', 'worker-email'] as const;
const NAME_QUESTION = 'What is the temporary worker’s name?';
const MAX_NAME_LENGTH = 100;
// What a peer's validators check an email address with (HOF's `email` validator is a regular
// expression of this kind); ours checks more (email.ts), which costs ours, not the peer.
const EMAIL = /^[a-z0-9._%+'-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i;
const MAX_EMAIL_LENGTH = 254;
// The form token's cookie: a double submit as ours (decision 023), so that a fresh page costs
// the peer no session row either (HMPPS's csrf-sync keeps its token in the session, which would
// write one for every fresh page and slow the peer down).
const FORM_TOKEN_COOKIE = 'formToken';

const views = fileURLToPath(new URL('./views', import.meta.url));
// govuk-frontend's templates and assets, from the installed package as the peers take them.
const govukFrontend = join(dirname(createRequire(import.meta.url).resolve('govuk-frontend/package.json')), 'dist');

/** Starts the peer on a free port of 127.0.0.1. */
export async function startPeer(options: PeerOptions): Promise<RunningPeer> {
  const app = peerApp(options);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening: Server = app.listen(0, '127.0.0.1', (error?: Error) =>
      error === undefined ? resolve(listening) : reject(error),
    );
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the peer has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      // autocannon's connections are kept alive: closed at once, or close() waits for them.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function peerApp({ pool, schemaName, secret }: PeerOptions): express.Express {
  const app = express();
  // Production as the peers deploy: Express caches its views, Nunjucks its compiled templates.
  app.set('env', 'production');
  app.enable('view cache');
  app.set('view engine', 'njk');
  nunjucks.configure([views, govukFrontend], { autoescape: true, express: app, noCache: false });

  // A nonce for each page: govuk-frontend's template has an inline script (the `js-enabled`
  // class), which the peers allow by nonce in helmet's Content-Security-Policy.
  app.use((_request, response, next) => {
    response.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          scriptSrc: ["'self'", (_request, response) => `'nonce-${(response as express.Response).locals.cspNonce}'`],
        },
      },
    }),
  );
  // govuk-frontend's fonts, images, stylesheet and script, where its stylesheet looks for them.
  app.use('/assets', express.static(join(govukFrontend, 'govuk', 'assets')));
  app.use('/assets', express.static(join(govukFrontend, 'govuk'), { index: false }));
  app.use(express.urlencoded({ extended: false, limit: '64kb' }));

  const PGStore = connectPgSimple(session);
  app.use(
    session({
      store: new PGStore({
        pool,
        schemaName,
        createTableIfMissing: true,
        // No pruning timer in a run of a few minutes: expired rows are pruned every 15 minutes.
        pruneSessionInterval: false,
      }),
      secret,
      resave: false,
      saveUninitialized: false,
      // `secure: false` only because the bench speaks plain HTTP on loopback.
      cookie: { secure: false, httpOnly: true, sameSite: 'lax', maxAge: 24 * 60 * 60 * 1000 },
    }),
  );
  // The pages hold a person's answers: never kept by a cache, as ours.
  app.use((request, response, next) => {
    response.set('cache-control', 'no-store');
    response.locals.formToken = formToken(request, response);
    next();
  });

  app.get('/', (_request, response) => {
    response.render('start', { pageHeading: 'Apply for creative worker visa concession remote clearance', path: '/' });
  });

  app.get('/passenger-name', (request, response) => {
    const { answers = {}, typed, errors = {} } = request.session;
    renderName(response, 200, typed ?? answers, errors);
  });

  app.post('/passenger-name', (request, response) => {
    const body = request.body as Record<string, unknown>;
    if (!sameToken(body['form-token'], readCookie(request, FORM_TOKEN_COOKIE))) {
      response.status(403).send('The form could not be sent: go back and send it again.');
      return;
    }
    const typed = Object.fromEntries(FIELDS.map((field) => [field, text(body[field])])) as Record<PeerField, string>;
    const errors = validateName(typed);
    if (Object.keys(errors).length > 0) {
      // Kept in the session, so that a refresh or Back shows them, then the page at once (422):
      // one request, as ours answers a post with errors.
      request.session.typed = typed;
      request.session.errors = errors;
      renderName(response, 422, typed, errors);
      return;
    }
    request.session.answers = typed;
    delete request.session.typed;
    delete request.session.errors;
    response.redirect('/passenger-date-of-birth');
  });

  return app;
}

function renderName(
  response: express.Response,
  status: number,
  values: Partial<Record<PeerField, string>>,
  errors: Partial<Record<PeerField, string>>,
): void {
  const errorList = FIELDS.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ text: message, href: `#${field}` }];
  });
  response.status(status).render('passenger-name', {
    pageHeading: NAME_QUESTION,
    path: '/passenger-name',
    backLink: '/what-would-you-like-to-do',
    values,
    errors,
    errorList,
  });
}

/** The rules of a peer's page: names required and not too long, the email optional but well formed. */
function validateName(answers: Record<PeerField, string>): Partial<Record<PeerField, string>> {
  const errors: Partial<Record<PeerField, string>> = {};
  const oneName = answers['one-name'] === 'yes';
  const familyName = answers['family-name'].trim();
  const givenName = answers['given-name'].trim();
  const email = answers['worker-email'].trim();
  if (familyName === '') errors['family-name'] = 'Enter a surname or family name';
  else if (familyName.length > MAX_NAME_LENGTH)
    errors['family-name'] = 'The surname or family name must be 100 characters or less';
  if (oneName) {
    if (givenName !== '')
      errors['given-name'] = 'Leave the given names empty if the worker’s passport shows only one name';
  } else if (givenName === '') errors['given-name'] = 'Enter any given names';
  else if (givenName.length > MAX_NAME_LENGTH) errors['given-name'] = 'The given names must be 100 characters or less';
  if (answers['one-name'] !== '' && !oneName)
    errors['one-name'] = 'Select if the worker’s passport shows only one name';
  if (email !== '' && (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))) {
    errors['worker-email'] = 'Enter the temporary worker’s email address in the correct format, like name@example.com';
  }
  return errors;
}

/** The browser's form token, set as a cookie on its first page, as ours does. */
function formToken(request: express.Request, response: express.Response): string {
  const known = readCookie(request, FORM_TOKEN_COOKIE);
  if (known !== undefined && known !== '') return known;
  const token = randomBytes(32).toString('base64url');
  response.cookie(FORM_TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
  return token;
}

/** One cookie of the request: the peer needs one, which is no reason for cookie-parser. */
function readCookie(request: express.Request, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** The form's token equals the cookie's, compared in constant time. */
function sameToken(field: unknown, cookie: string | undefined): boolean {
  if (typeof field !== 'string' || cookie === undefined || field === '') return false;
  const a = Buffer.from(field);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
