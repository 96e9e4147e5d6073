// Downloads drawn off the event loop and bounded per instance (decision 054), through the whole
// app on each database engine with the server's own pool of drawing threads: another call is
// answered while a download is being drawn, and a download the pool has no room for is answered
// 503 with Retry-After, by the API and by the status page's form without JavaScript, with nothing
// issued and nothing personal logged. Ordering is asserted, never time.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PDF_MAKER_PATH, PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { createDocumentPool, type DocumentDrawing } from '../pdf/document-drawing.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import { pdfPageTexts } from '../test-support/pdf-text.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { TEST_DOCUMENT_PRIVATE_KEY, newTestKeyPems } from '../test-support/test-keys.ts';
import { createStatusLinkTokens, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { DOCUMENTS_BUSY_ERROR } from './status-answers.ts';

const START = new Date('2026-03-02T10:00:00Z');
const LICENCE = 'LIC123456';
const FORM_TOKEN = 't'.repeat(43);
const WORKERS = 10;
const { privateKeyPem, publicKeyPem } = newTestKeyPems();

// One thread and no queue: a single download fills the instance. Started once for the file, as
// the server starts it once.
let pool: DocumentDrawing;
let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  pool = createDocumentPool({ threads: 1, queue: 0 });
  build = await writeFakeWebBuild();
  await pool.ready();
}, 120_000);
afterAll(async () => {
  await Promise.all([pool.close(), build.remove()]);
});

describe.each(testEngines())('downloads drawn by the pool of threads, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let tokens: StatusLinkTokens;
  let app: FastifyInstance;
  let logLines: string[];
  let ids: string[];
  let token: string;
  /** Called as each download starts being drawn, with the thread given its task. */
  let onDrawing: () => void;

  beforeEach(async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      webRoot: build.webRoot,
      tokenKeys: { privateKeyPem, publicKeyPem },
      documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
      statusRateLimit: 1000,
    };
    tokens = await createStatusLinkTokens(config, { now: () => START });
    const stored = await storeSubmission(
      test.db,
      sampleSubmission(
        START,
        Array.from({ length: WORKERS }, () => ({})),
      ),
      START,
    );
    if (stored.outcome !== 'created') throw new Error('not created');
    ids = stored.applicants.map((a) => a.applicantId);
    for (const id of ids) await changeApplicationStatus(test.db, id, { to: 'approved', actor: 'test', now: START });
    token = await tokens.sign(stored.submissionId);
    onDrawing = () => undefined;
    // The pool itself, told when a download's drawing starts.
    const drawing: DocumentDrawing = {
      ready: () => pool.ready(),
      close: () => Promise.resolve(),
      withPlace: (work) =>
        pool.withPlace((draw) =>
          work((...args) => {
            const drawn = draw(...args);
            onDrawing();
            return drawn;
          }),
        ),
    };
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(config, { database: test.db, logger, now: () => START, tokens, documentDrawing: drawing });
  });
  afterEach(() => app.close());

  const status = () =>
    app.inject({
      method: 'POST',
      url: PUBLIC_STATUS_PATH,
      payload: { publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE },
    });
  const download = () =>
    app.inject({
      method: 'POST',
      url: PDF_MAKER_PATH,
      payload: { publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE, applicantIds: ids },
    });
  const issuesRecorded = async () =>
    Number((await test.db.query<{ n: string }>('SELECT count(*) AS n FROM document_issues')).rows[0]!.n);

  it('answers a status call made while a 10-document download is being drawn before the download', async () => {
    const answered: string[] = [];
    let during: Promise<LightMyRequestResponse> | undefined;
    onDrawing = () => {
      during = status().then((response) => {
        answered.push('status');
        return response;
      });
    };
    const pdf = await download().then((response) => {
      answered.push('download');
      return response;
    });
    const statusAnswer = await during;
    expect(statusAnswer?.statusCode).toBe(200);
    // The event loop was free while the thread drew: the status call, asked after the drawing
    // began, was answered before the document was.
    expect(answered).toEqual(['status', 'download']);
    // And the document is the one asked for: a page for each worker.
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPageTexts(pdf.rawPayload);
    expect(pages).toHaveLength(WORKERS);
    expect(pages[0]).toContain('Family0');
    expect(await issuesRecorded()).toBe(WORKERS);
  });

  it('answers 503 with Retry-After when every place is taken, issuing nothing and logging nothing personal, and draws again once one is free', async () => {
    let free = () => {};
    const held = pool.withPlace(() => new Promise<void>((resolve) => (free = resolve)));
    try {
      await refusedWhileHeld();
    } finally {
      free();
      await held;
    }
    const drawn = await download();
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('application/pdf');
  });

  async function refusedWhileHeld(): Promise<void> {
    const refused = await download();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ error: DOCUMENTS_BUSY_ERROR });

    // Without JavaScript: the service's apology, whose "Try again" sends the download again.
    const cookie = `formToken=${FORM_TOKEN}`;
    const opened = await app.inject({ url: `/status?epat=${token}`, headers: { cookie } });
    const session = [opened.headers['set-cookie']].flat().find((line) => String(line).startsWith('formSession='));
    const form = await app.inject({
      method: 'POST',
      url: '/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${cookie}; ${String(session).split(';')[0]}`,
        origin: 'null',
      },
      payload: new URLSearchParams({
        'sponsor-licence-number': LICENCE,
        download: 'approved',
        'form-token': FORM_TOKEN,
      }).toString(),
    });
    expect(form.statusCode).toBe(503);
    expect(form.headers['retry-after']).toBe('5');
    expect(renderedFrom(form.body).formProblem).toMatchObject({ kind: 'failed' });

    expect(await issuesRecorded()).toBe(0);
    const logged = logLines.join('\n');
    for (const personal of [token, LICENCE, 'Family0', 'Given0', 'sponsor@example.org', ...ids])
      expect(logged).not.toContain(personal);
  }
});
