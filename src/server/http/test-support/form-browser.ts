// Test support (not a test file): a browser without JavaScript, as the server sees one. It keeps
// the cookies the server sets (and forgets those it expires), sends them back, and posts forms
// with the form token its cookie holds, from this service's own pages (`Origin: null`, as a page
// that sends no referrer makes the browser say).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';

/** The fields of a form as posted. */
export type FormFields = Record<string, string>;

export interface FormBrowser {
  /** The cookies kept, by name. */
  readonly cookies: Map<string, string>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  head(url: string): Promise<LightMyRequestResponse>;
  /** Posts `fields` and the form token of the browser's cookie, as a form of this service's pages does. */
  post(url: string, fields: FormFields, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** The `Set-Cookie` lines of a response. */
export function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const set = response.headers['set-cookie'];
  return Array.isArray(set) ? set.map(String) : set === undefined ? [] : [String(set)];
}

/**
 * A browser for `app` (read at each request, so a test may replace the app). It starts with the
 * cookies given, a form token of `formToken` by default, and connects from `remoteAddress`
 * (127.0.0.1 by default).
 */
export function formBrowser(
  app: () => FastifyInstance,
  initial: Record<string, string> = { formToken: 'f'.repeat(43) },
  { remoteAddress }: { readonly remoteAddress?: string } = {},
): FormBrowser {
  const from = remoteAddress === undefined ? {} : { remoteAddress };
  const cookies = new Map(Object.entries(initial));
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: LightMyRequestResponse): LightMyRequestResponse => {
    for (const line of setCookies(response)) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) cookies.delete(name);
      else cookies.set(name, pair.slice(at + 1));
    }
    return response;
  };
  const tokenCookie = () => cookies.get('__Host-formToken') ?? cookies.get('formToken') ?? '';
  return {
    cookies,
    get: async (url, headers = {}) =>
      keep(await app().inject({ url, headers: { cookie: cookieHeader(), ...headers }, ...from })),
    head: async (url) =>
      keep(await app().inject({ method: 'HEAD', url, headers: { cookie: cookieHeader() }, ...from })),
    post: async (url, fields, headers = {}) =>
      keep(
        await app().inject({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: cookieHeader(),
            origin: 'null',
            ...headers,
          },
          payload: new URLSearchParams({ 'form-token': tokenCookie(), ...fields }).toString(),
          ...from,
        }),
      ),
  };
}

/** The form fields of a question page that answer `answers`, dates as their three inputs. */
function fieldsOfAnswers(answers: Partial<ApplicantAnswers>): FormFields {
  return Object.fromEntries(
    Object.entries(answers).flatMap(([field, value]) =>
      typeof value === 'string'
        ? [[field, value]]
        : [
            [`${field}-day`, value.day],
            [`${field}-month`, value.month],
            [`${field}-year`, value.year],
          ],
    ),
  );
}

/** The question pages of a single application in order, each with the page its answer leads to. */
const SINGLE_APPLICATION_PAGES: readonly (readonly [page: string, next: string])[] = [
  ['/your-contact-details', '/sponsor-details'],
  ['/sponsor-details', '/what-would-you-like-to-do'],
  ['/what-would-you-like-to-do', '/passenger-name'],
  ['/passenger-name', '/passenger-date-of-birth'],
  ['/passenger-date-of-birth', '/nationality'],
  ['/nationality', '/passport-details'],
  ['/passport-details', '/cos-reference'],
  ['/cos-reference', '/travel-details'],
  ['/travel-details', '/work-dates'],
  ['/work-dates', '/check-your-answers'],
];

/** Posts every question page of a single application with `answers`; throws when one does not lead on. */
export async function answerSingleApplication(user: FormBrowser, answers: ApplicantAnswers): Promise<void> {
  for (const [page, next] of SINGLE_APPLICATION_PAGES) {
    const response = await user.post(page, fieldsOfAnswers(answers));
    if (response.statusCode !== 303 || response.headers.location !== next)
      throw new Error(`${page} answered ${response.statusCode} ${String(response.headers.location)}, not ${next}`);
  }
}
