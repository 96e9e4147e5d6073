// The status pages without JavaScript (decisions 024 and 026), through the whole app on each
// database engine: the emailed link's token checked, kept in the browser's session and taken out
// of the address; the licence form opening the submission with the API's own code (the same
// attempts and lockout) and the pages staying open for a while; the downloads answering the PDF;
// and the expired link's page and form. The pages are rendered by a fake server entry that shows
// what it was given.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { setCookies } from './test-support/form-browser.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { createStatusLinkTokens, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { STATUS_OPEN_MS } from './status-forms.ts';
import { TEST_DOCUMENT_PRIVATE_KEY, newTestKeyPems } from '../test-support/test-keys.ts';

const START = new Date('2026-03-02T10:00:00Z');
const LICENCE = 'LIC123456';
const FORM_TOKEN = 't'.repeat(43);
const { privateKeyPem, publicKeyPem } = newTestKeyPems();

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

describe.each(testEngines())('the status pages without JavaScript, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let tokens: StatusLinkTokens;
  let app: FastifyInstance;
  let logLines: string[];
  let ids: string[];
  let link: string;
  let cookie: string;

  beforeEach(async () => {
    clock = START;
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      webRoot: build.webRoot,
      tokenKeys: { privateKeyPem, publicKeyPem },
      documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
    };
    tokens = await createStatusLinkTokens(config, { now: () => clock });
    const stored = await storeSubmission(test.db, sampleSubmission(START, [{}, {}]), START);
    if (stored.outcome !== 'created') throw new Error('not created');
    ids = stored.applicants.map((a) => a.applicantId);
    await changeApplicationStatus(test.db, ids[0]!, { to: 'approved', actor: 'test', now: START });
    link = `/status?epat=${await tokens.sign(stored.submissionId)}`;
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(config, { database: test.db, logger, now: () => clock, tokens });
    cookie = `formToken=${FORM_TOKEN}`;
  });
  afterEach(() => app.close());

  /** Opens the emailed link as a browser does: the session's cookie kept. */
  async function openLink(address = link) {
    const response = await app.inject({ url: address, headers: { cookie } });
    const session = [response.headers['set-cookie']].flat().find((line) => String(line).startsWith('formSession='));
    if (session !== undefined) cookie += `; ${String(session).split(';')[0]}`;
    return response;
  }
  const post = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: 'null' },
      payload: new URLSearchParams({ ...fields, 'form-token': FORM_TOKEN }).toString(),
    });

  it('opens the link at once, keeping its token for the browser and showing the address without it', async () => {
    const token = link.split('epat=')[1]!;
    const response = await openLink();
    // No redirect (a round trip more on a phone): the page of the address without the token, which
    // the browser is told to show in its place; no Referer or cache keeps the address asked.
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<div id="root">\/status \|/);
    expect(renderedFrom(response.body).address).toBe('/status');
    expect(renderedFrom(response.body).session?.statusToken).toBe(token);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = await app.inject({ url: '/status', headers: { cookie } });
    expect(renderedFrom(page.body).session?.statusToken).toBe(token);
    expect(renderedFrom(page.body).address).toBeUndefined();
    // Asked for by the app as JSON: the same page, at the address without the token.
    const json = await app.inject({ url: link, headers: { cookie, accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      location: '/status',
      data: { address: '/status', session: { statusToken: token } },
    });
    // The token is never written to the log, nor the address that held it.
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('opens a Welsh email’s link in Welsh in a browser that never chose a language, the token kept out of the log', async () => {
    const token = link.split('epat=')[1]!;
    const welsh = new URL(tokens.statusLink(token, 'cy'));
    expect(welsh.searchParams.get('epat')).toBe(token);
    // The language kept in the cookie, as a language link's, and the page shown at once in it.
    const opened = await openLink(`${welsh.pathname}${welsh.search}`);
    expect(opened.statusCode).toBe(200);
    expect([opened.headers['set-cookie']].flat().join('\n')).toMatch(/(^|\n)lang=cy;/);
    // The test build's page shows the cookies its renderer was given: the language is Welsh.
    expect(opened.body).toMatch(/<div id="root">\/status \| [^|]*\blang=cy\b/);
    expect(renderedFrom(opened.body).address).toBe('/status');
    expect(renderedFrom(opened.body).session?.statusToken).toBe(token);
    cookie += '; lang=cy';
    const page = await app.inject({ url: '/status', headers: { cookie } });
    expect(page.body).toMatch(/<div id="root">\/status \| [^|]*\blang=cy\b/);
    expect(logLines.join('\n')).not.toContain(token);
    // An English email's link says English, so it opens in English whatever the browser chose before.
    expect(new URL(tokens.statusLink(token, 'en')).searchParams.get('lang')).toBe('en');
  });

  /** Keeps the cookies a response sets, as a browser does. */
  const keep = <R extends { headers: Record<string, unknown> }>(response: R): R => {
    for (const line of setCookies(response)) {
      const [pair = ''] = line.split(';');
      const name = pair.split('=')[0]!;
      cookie = [...cookie.split('; ').filter((part) => !part.startsWith(`${name}=`)), pair].join('; ');
    }
    return response;
  };
  const get = async (url: string) => keep(await app.inject({ url, headers: { cookie } }));
  const viewOf = (response: { body: string }) => renderedFrom(response.body).outcome?.status?.view;

  it('opens the statuses with the licence number, refusing a wrong one with the page’s error', async () => {
    await openLink();
    const wrong = await post('/status', { 'sponsor-licence-number': 'WRONG1234' });
    expect(wrong.statusCode).toBe(422);
    expect(renderedFrom(wrong.body).outcome).toEqual({
      status: {
        licenceNumber: 'WRONG1234',
        view: { kind: 'licenceError', rule: 'doesNotMatch', remainingAttempts: 4 },
      },
    });
    const empty = await post('/status', {});
    expect(renderedFrom(empty.body).outcome).toEqual({
      status: { licenceNumber: '', view: { kind: 'licenceError', rule: 'required' } },
    });
    const right = keep(await post('/status/1', { 'sponsor-licence-number': ` ${LICENCE.toLowerCase()} ` }));
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/status/1');
    const view = viewOf(await get('/status/1'));
    expect(view?.kind).toBe('loaded');
    if (view?.kind === 'loaded') expect(view.response.items.map((item) => item.applicantId)).toEqual(ids);
  });

  it('keeps the pages open for a while once the number opened them: plain pages, searched by address', async () => {
    await openLink();
    const before = cookie;
    keep(await post('/status', { 'sponsor-licence-number': LICENCE }));
    // Opened: the session has a new id.
    expect(cookie).not.toBe(before);
    for (const url of ['/status', '/status?search=family1', '/status/0']) {
      expect(viewOf(await get(url))?.kind, url).toBe('loaded');
    }
    // A download needs the number no more while the pages are open.
    const pdf = await post('/status', { download: ids[0]! });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Half an hour later the number is asked for again.
    clock = new Date(clock.getTime() + STATUS_OPEN_MS);
    const closed = await get('/status');
    expect(renderedFrom(closed.body).outcome).toBeUndefined();
    expect(renderedFrom(closed.body).session?.statusToken).toBe(link.split('epat=')[1]);
  });

  it('keeps the pages open the same way once the app’s status call opened them, for the browser keeping the link only', async () => {
    const token = link.split('epat=')[1]!;
    const statusCall = (headers: Record<string, string>, licence = LICENCE) =>
      app.inject({
        method: 'POST',
        url: '/api/public/publicStatus',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { publicAccessTokenJWT: token, sponsorLicenceNumber: licence },
      });
    // A browser keeping no link: its call is answered, and no session is started for it.
    const elsewhere = await statusCall({});
    expect(elsewhere.statusCode).toBe(200);
    expect(setCookies(elsewhere).filter((line) => line.startsWith('formSession='))).toEqual([]);

    await openLink();
    // A wrong number keeps nothing open.
    keep(await statusCall({ cookie }, 'WRONG1234'));
    expect(renderedFrom((await get('/status')).body).outcome).toBeUndefined();
    const before = cookie;
    expect(keep(await statusCall({ cookie })).statusCode).toBe(200);
    // Opened: the session has a new id, and a refresh is answered with the statuses.
    expect(cookie).not.toBe(before);
    for (const url of ['/status', '/status/0']) expect(viewOf(await get(url))?.kind, url).toBe('loaded');
    const pdf = await post('/status', { download: ids[0]! });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    clock = new Date(clock.getTime() + STATUS_OPEN_MS);
    expect(renderedFrom((await get('/status')).body).outcome).toBeUndefined();
  });

  it('counts a wrong number sent from the form as the API does, with the attempts left, locking both at the fifth', async () => {
    await openLink();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const refused = await post('/status', { 'sponsor-licence-number': 'WRONG1234' });
      expect(refused.statusCode).toBe(422);
      expect(renderedFrom(refused.body).outcome?.status?.view).toEqual({
        kind: 'licenceError',
        rule: 'doesNotMatch',
        remainingAttempts: 5 - attempt,
      });
    }
    const fifth = await post('/status', { 'sponsor-licence-number': 'WRONG1234' });
    expect(fifth.statusCode).toBe(429);
    const lockedUntil = new Date(clock.getTime() + 60 * 60_000).toISOString();
    expect(renderedFrom(fifth.body).outcome?.status?.view).toEqual({ kind: 'locked', lockedUntil });
    const locked = await post('/status', { 'sponsor-licence-number': LICENCE });
    expect(locked.statusCode).toBe(429);
    expect(renderedFrom(locked.body).outcome?.status?.view).toEqual({ kind: 'locked', lockedUntil });
    const api = await app.inject({
      method: 'POST',
      url: PUBLIC_STATUS_PATH,
      payload: { publicAccessTokenJWT: link.split('epat=')[1], sponsorLicenceNumber: LICENCE },
    });
    expect(api.statusCode).toBe(429);
  });

  it('answers a download with the PDF, one application’s or every approved one’s', async () => {
    await openLink();
    const one = await post('/status', { 'sponsor-licence-number': LICENCE, download: ids[0]! });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.headers['content-disposition']).toBe(`attachment; filename="pre-clearance-${ids[0]}.pdf"`);
    expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const approved = await post('/status/0', { 'sponsor-licence-number': LICENCE, download: 'approved' });
    expect(approved.headers['content-type']).toBe('application/pdf');
    // A download with a wrong number gives no document.
    const refused = await post('/status', { 'sponsor-licence-number': 'WRONG1234', download: ids[0]! });
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('says the link is not found without a token, and asks for a new link when it has expired', async () => {
    const none = await post('/status', { 'sponsor-licence-number': LICENCE });
    expect(none.statusCode).toBe(404);
    expect(renderedFrom(none.body).outcome?.status?.view).toEqual({ kind: 'invalidLink' });

    // A link opened after it expired (within the retention period, when a new one can be asked
    // for) is shown at once, from its address, and its form posts back to that address.
    clock = new Date(START.getTime() + 100 * 24 * 60 * 60_000);
    const expired = await openLink();
    expect(expired.statusCode).toBe(200);
    expect(viewOf(expired)).toEqual({ kind: 'expiredLink' });
    expect(renderedFrom(expired.body).session?.statusToken).toBe(link.split('epat=')[1]);
    expect(cookie).not.toContain('formSession');
    const required = await post(link, { 'status-action': 'new-link' });
    expect(required.statusCode).toBe(422);
    expect(renderedFrom(required.body).outcome?.status?.newLink).toBe('required');
    const sent = await post(link, { 'status-action': 'new-link', 'sponsor-licence-number': LICENCE });
    expect(sent.statusCode).toBe(200);
    expect(renderedFrom(sent.body).outcome?.status?.newLink).toBe('sent');
  });
});
