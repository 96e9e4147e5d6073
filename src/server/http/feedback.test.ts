import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_API_PATH, FEEDBACK_PATH } from '#shared/api/feedback.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { listFeedback } from '../db/feedback-repository.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { formBrowser } from './test-support/form-browser.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { LIMITS } from '../services/limits.ts';

const FEEDBACK_PER_HOUR = LIMITS.feedback.max;

const START = new Date('2026-03-02T10:00:00Z');
const ADDRESS = '203.0.113.7';
const LOCAL = '127.0.0.1';

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

describe.each(testEngines())('feedback, with and without JavaScript, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let logLines: string[];

  beforeEach(async () => {
    clock = START;
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(
      { ...loadConfig({ NODE_ENV: 'test' }), webRoot: build.webRoot, formRateLimit: 1000 },
      { database: test.db, logger, now: () => clock },
    );
  });
  afterEach(() => app.close());

  const call = (payload: object, address = ADDRESS) =>
    app.inject({ method: 'POST', url: FEEDBACK_API_PATH, payload, remoteAddress: address });
  const stored = () => listFeedback(test.db, new Date(0));
  const table = async () => (await test.db.query('SELECT * FROM feedback')).rows;

  it('stores an accepted feedback once, trimmed, with nothing that says who gave it', async () => {
    const comment = '  The dates page was hard.\nThe rest was fine.  ';
    const response = await call({ rating: 'satisfied', comment });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await stored()).toEqual([
      { rating: 'satisfied', comment: 'The dates page was hard.\nThe rest was fine.', receivedAt: START },
    ]);
    // The row holds the rating, the comment and the time only: no address, no session.
    const [row] = await table();
    expect(Object.keys(row ?? {}).sort()).toEqual(['comment', 'feedback_id', 'rating', 'received_at']);
    expect(JSON.stringify(await table())).not.toContain(ADDRESS);
    // The comment never reaches a log line.
    expect(logLines.join('\n')).not.toContain('dates page');
  });

  it('refuses feedback the page would refuse, storing nothing', async () => {
    for (const payload of [
      { rating: '', comment: '' },
      { rating: 'delighted', comment: '' },
      { rating: 'satisfied', comment: 'x'.repeat(1201) },
      { rating: 'satisfied', comment: 'Fine\u202Ethanks' },
    ]) {
      const response = await call(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'InvalidRequest' });
    }
    expect((await call({ rating: 'satisfied', comment: '', email: 'a@b.c' })).statusCode).toBe(400);
    expect((await call({ rating: 'satisfied' })).statusCode).toBe(400);
    expect((await call({ rating: '', comment: '' })).json().details).toEqual([
      { field: 'feedback-rating', rule: 'required' },
    ]);
    expect(await stored()).toEqual([]);
  });

  it(`takes ${FEEDBACK_PER_HOUR} feedbacks an hour from one address, the page’s and the call’s together`, async () => {
    // The page's forms come from inject's own address.
    const browser = formBrowser(() => app);
    await browser.get(FEEDBACK_PATH);
    for (let sent = 0; sent < FEEDBACK_PER_HOUR - 1; sent += 1)
      expect((await call({ rating: 'neither', comment: '' }, LOCAL)).statusCode).toBe(201);
    expect((await browser.post(FEEDBACK_PATH, { 'feedback-rating': 'neither' })).statusCode).toBe(200);
    const refused = await call({ rating: 'neither', comment: '' }, LOCAL);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await browser.post(FEEDBACK_PATH, { 'feedback-rating': 'neither' })).statusCode).toBe(429);
    expect(await stored()).toHaveLength(FEEDBACK_PER_HOUR);
    // Another address may; an hour later this one may again.
    expect((await call({ rating: 'neither', comment: '' }, '198.51.100.1')).statusCode).toBe(201);
    clock = new Date(START.getTime() + 60 * 60_000 + 1000);
    expect((await call({ rating: 'neither', comment: '' }, LOCAL)).statusCode).toBe(201);
  });

  it('without JavaScript: the form shows its errors, storing nothing, then the thanks once stored', async () => {
    const browser = formBrowser(() => app);
    const page = await browser.get(FEEDBACK_PATH);
    expect(page.statusCode).toBe(200);
    expect(renderedFrom(page.body).outcome?.feedback).toBe(undefined);

    const empty = await browser.post(FEEDBACK_PATH, { 'feedback-comment': 'Too slow' });
    expect(empty.statusCode).toBe(422);
    expect(renderedFrom(empty.body).outcome?.feedback).toEqual({
      kind: 'ask',
      answers: { 'feedback-rating': '', 'feedback-comment': 'Too slow' },
      errors: { 'feedback-rating': 'required' },
    });
    const long = await browser.post(FEEDBACK_PATH, {
      'feedback-rating': 'dissatisfied',
      'feedback-comment': 'x'.repeat(1300),
    });
    expect(long.statusCode).toBe(422);
    expect(renderedFrom(long.body).outcome?.feedback).toMatchObject({ errors: { 'feedback-comment': 'maxLength' } });
    expect(await stored()).toEqual([]);

    const sent = await browser.post(FEEDBACK_PATH, {
      'feedback-rating': 'very-dissatisfied',
      'feedback-comment': 'Too slow\r\nfor us',
    });
    expect(sent.statusCode).toBe(200);
    expect(renderedFrom(sent.body).outcome?.feedback).toEqual({ kind: 'sent' });
    // Line breaks are kept as LF, however the browser sent them.
    expect(await stored()).toEqual([{ rating: 'very-dissatisfied', comment: 'Too slow\nfor us', receivedAt: START }]);
    // A form from another site is refused before anything is stored.
    const forged = await app.inject({
      method: 'POST',
      url: FEEDBACK_PATH,
      payload: 'feedback-rating=satisfied',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await stored()).toHaveLength(1);
  });
});
