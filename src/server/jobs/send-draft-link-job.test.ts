import { describe, expect, it } from 'vitest';
import { INITIAL_FORM_STATE, serialiseFormState } from '#shared/journey/form-state.ts';
import { DRAFT_TOKEN_PARAMETER } from '#shared/pages/saved-drafts.ts';
import { loadConfig } from '../config.ts';
import type { FormSessionValues } from '../db/form-session-repository.ts';
import {
  findDraftByReturnToken,
  insertFormSession,
  saveDraft,
  takeDraftByReturnToken,
} from '../db/form-session-repository.ts';
import { listJobs } from '../db/job-repository.ts';
import type { EmailMessage, EmailSender } from '../email/email-sender.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { newTestKeyPems } from '../test-support/test-keys.ts';
import { draftLinkTokenHash } from '../tokens/draft-link-tokens.ts';
import { createStatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { PermanentJobError } from './job-handler.ts';
import { createJobHandlers } from './job-handlers.ts';
import { runDueJobs } from './outbox-worker.ts';
import { createSendDraftLinkHandler } from './send-draft-link-job.ts';

const now = new Date('2026-03-02T10:00:00Z');
const DAY_MS = 24 * 60 * 60_000;
const SPONSOR = 'sponsor@example.org';
const PUBLIC_BASE_URL = 'https://cwc.example.gov.uk';
const hash = (n: number) => Buffer.alloc(32, n);

/** A session's values whose current applicant has these sponsor answers. */
const sessionWith = (sponsorEmail: string | undefined): FormSessionValues => ({
  formState: serialiseFormState({
    ...INITIAL_FORM_STATE,
    current: {
      sponsorContact: sponsorEmail === undefined ? {} : { 'sponsor-email': sponsorEmail },
      sponsorDetails: { 'sponsor-name': 'Example Theatre Ltd', 'sponsor-reference': 'TNBHDW2R7' },
    },
  }),
  statusToken: null,
  notice: null,
  statusOpenedAt: null,
  savedUntil: null,
});

/** The token of the link in an email. */
const tokenIn = (email: EmailMessage | undefined): string => {
  const link = /https:\/\/\S+\/continue-application\?\S+/.exec(email?.text ?? '')?.[0] ?? '';
  return new URL(link).searchParams.get(DRAFT_TOKEN_PARAMETER) ?? '';
};

describe.each(testEngines())('the send-draft-link job on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  function setUp() {
    const sent: EmailMessage[] = [];
    const emailSender: EmailSender = { send: async (email) => void sent.push(email) };
    const handler = createSendDraftLinkHandler({ db: test.db, emailSender, publicBaseUrl: PUBLIC_BASE_URL });
    const log = capturingLogger();
    const run = (payload: unknown, at = now) => handler(payload, { jobId: 1, attempt: 1, now: at, logger: log.logger });
    return { sent, run, log };
  }

  /** A session saved at `at` in `language`; returns its draft id. */
  async function saved(n: number, values: FormSessionValues, at = now, language: 'en' | 'cy' = 'en') {
    await insertFormSession(test.db, hash(n), values, at);
    const draft = await saveDraft(test.db, hash(n), { path: '/sponsor-details', language }, at);
    if (draft === undefined) throw new Error('not saved');
    return draft.draftId;
  }

  it('emails the contact email a link whose token opens the draft, until 28 days after the save', async () => {
    const { sent, run, log } = setUp();
    const draftId = await saved(1, sessionWith(` ${SPONSOR} `));
    await run({ draftId });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: SPONSOR,
      subject: 'Creative worker concession: your saved application',
      reference: `draft-${draftId}`,
    });
    expect(sent[0]?.text).toContain('saved on 02 March 2026');
    expect(sent[0]?.text).toContain('until 11am (UK time) on 30 March 2026');
    const token = tokenIn(sent[0]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent[0]?.text).toContain(`${PUBLIC_BASE_URL}/continue-application?token=${token}`);
    expect(await findDraftByReturnToken(test.db, draftLinkTokenHash(token), now)).toBe(true);
    // Neither the address nor the token reaches the log, nor does the token reach the database.
    const logged = log.lines.join('\n');
    for (const secret of [SPONSOR, token]) expect(logged).not.toContain(secret);
    const { rows } = await test.db.query<{ row: string }>('SELECT form_sessions::text AS row FROM form_sessions');
    expect(rows[0]?.row).not.toContain(token);
  });

  it('makes a new link on each run, and only the newest works', async () => {
    const { sent, run } = setUp();
    const draftId = await saved(1, sessionWith(SPONSOR));
    await run({ draftId });
    await run({ draftId });
    const [first, second] = sent.map(tokenIn);
    expect(first).not.toBe(second);
    expect(await findDraftByReturnToken(test.db, draftLinkTokenHash(first!), now)).toBe(false);
    expect(await findDraftByReturnToken(test.db, draftLinkTokenHash(second!), now)).toBe(true);
  });

  it('writes to a draft saved in Welsh in Welsh, then English', async () => {
    const { sent, run } = setUp();
    await run({ draftId: await saved(1, sessionWith(SPONSOR), now, 'cy') });
    expect(sent[0]?.subject).toBe(
      'Consesiwn gweithiwr creadigol: eich cais a gadwyd / Creative worker concession: your saved application',
    );
  });

  it('sends nothing for a draft that is gone, has ended or was never saved', async () => {
    const { sent, run, log } = setUp();
    const ended = await saved(1, sessionWith(SPONSOR), new Date(now.getTime() - 29 * DAY_MS));
    await run({ draftId: ended });
    await run({ draftId: '00000000-0000-4000-8000-000000000000' });
    await insertFormSession(test.db, hash(2), sessionWith(SPONSOR), now);
    const { rows } = await test.db.query<{ draftId: string }>(
      'SELECT draft_id AS "draftId" FROM form_sessions WHERE id_hash = $1',
      [hash(2)],
    );
    await run({ draftId: rows[0]!.draftId });
    expect(sent).toEqual([]);
    expect(log.lines.filter((line) => line.includes('Draft link not sent'))).toHaveLength(3);
  });

  it('fails for good without a contact email or a draft id', async () => {
    const { sent, run } = setUp();
    await expect(run({ draftId: await saved(1, sessionWith(undefined)) })).rejects.toBeInstanceOf(PermanentJobError);
    await expect(run({ draftId: await saved(2, sessionWith('  ')) })).rejects.toBeInstanceOf(PermanentJobError);
    await expect(run({ draftId: 'not-a-uuid' })).rejects.toBeInstanceOf(PermanentJobError);
    await expect(run({})).rejects.toBeInstanceOf(PermanentJobError);
    expect(sent).toEqual([]);
  });

  it('sends a new link when the link is used, through the per-address email budget', async () => {
    const sent: EmailMessage[] = [];
    const emailSender: EmailSender = { send: async (email) => void sent.push(email) };
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL, EMAIL_RATE_LIMIT: '2' });
    const tokens = await createStatusLinkTokens({ ...config, tokenKeys: newTestKeyPems() });
    const handlers = createJobHandlers({ db: test.db, emailSender, tokens, config, now: () => now });
    const { logger } = capturingLogger();
    const drain = async (at: Date) => {
      while ((await runDueJobs({ db: test.db, handlers, logger, now: () => at, batchSize: 10 })) > 0);
    };

    await saved(1, sessionWith(SPONSOR));
    await drain(now);
    expect(sent).toHaveLength(1);
    // The link used: the draft opens under a new id, and a new link is emailed.
    const opened = await takeDraftByReturnToken(test.db, draftLinkTokenHash(tokenIn(sent[0])), hash(50), now);
    expect(opened).toMatchObject({ savedPath: '/sponsor-details' });
    await drain(now);
    expect(sent).toHaveLength(2);
    expect(await findDraftByReturnToken(test.db, draftLinkTokenHash(tokenIn(sent[1])), now)).toBe(true);
    // A third email to the address within the hour is put off to the hour's end, not sent.
    await takeDraftByReturnToken(test.db, draftLinkTokenHash(tokenIn(sent[1])), hash(51), now);
    await drain(now);
    expect(sent).toHaveLength(2);
    const [waiting] = await listJobs(test.db, { kind: 'send-draft-link' });
    expect(waiting).toMatchObject({ completedAt: null, failedAt: null, attempts: 1 });
    expect(waiting?.runAfter.getTime()).toBeGreaterThan(now.getTime());
  });
});
