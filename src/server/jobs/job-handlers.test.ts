import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { findApplication, listStatusChanges } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { insertFormSession, saveDraft } from '../db/form-session-repository.ts';
import { enqueueJob, listJobs } from '../db/job-repository.ts';
import { countHit } from '../db/rate-limit-repository.ts';
import { recordCheckFailure } from '../db/check-failure-repository.ts';
import { createStaffSessions } from '../services/staff/staff-sessions.ts';
import { addLostStolenPassports } from '../db/lost-stolen-passport-repository.ts';
import type { NewApplication } from '../db/submission-repository.ts';
import { findSubmission, storeSubmission } from '../db/submission-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import type { EmailSender } from '../email/email-sender.ts';
import { createEmailSender } from '../email/email-sender.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createStatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createJobHandlers } from './job-handlers.ts';
import { runDueJobs } from './outbox-worker.ts';
import { capturingLogger, daysAfter, sampleSubmission } from '../test-support/sample-submissions.ts';

const now = new Date('2026-03-02T10:00:00Z');

interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

describe.each(testEngines())('the job handlers on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let dataDir: string;
  let config: Config;
  let tokens: StatusLinkTokens;
  let emailSender: EmailSender;
  let log: ReturnType<typeof capturingLogger>;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'job-handlers-'));
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://cwc.example.gov.uk' });
    log = capturingLogger();
    tokens = await createStatusLinkTokens(config);
    // A millisecond apart each: outbox files are named by time and reference.
    let fileClock = now.getTime();
    emailSender = createEmailSender(config, log.logger, { now: () => new Date((fileClock += 1)) });
  });
  afterEach(async () => {
    await emailSender.close?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  function handlers(overrides: Partial<Config> = {}) {
    return createJobHandlers({ db: test.db, emailSender, tokens, config: { ...config, ...overrides } });
  }

  /** Runs jobs until none is due at `at`; returns how many ran. */
  async function drain(at: Date, overrides: Partial<Config> = {}, db: Database = test.db): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await runDueJobs({
        db,
        handlers: handlers(overrides),
        logger: log.logger,
        now: () => at,
        batchSize: 10,
      });
      if (ran === 0) return total;
      total += ran;
    }
  }

  async function outbox(): Promise<Mail[]> {
    const folder = join(dataDir, 'outbox');
    const files = (await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(
      files.map(async (file) => {
        const mail = await simpleParser(await readFile(join(folder, file)));
        return { to: (mail.to as AddressObject).text, subject: mail.subject ?? '', text: mail.text ?? '' };
      }),
    );
  }

  async function store(applicants: ReadonlyArray<Partial<NewApplication>>) {
    const result = await storeSubmission(test.db, sampleSubmission(now, applicants), now);
    if (result.outcome !== 'created') throw new Error('not created');
    return result;
  }

  it('confirms, decides and emails the decisions of a group in one email, with working status links', async () => {
    await addLostStolenPassports(test.db, ['LOST0002'], 'test', now);
    const { submissionId, applicants } = await store([
      { workerEmail: 'worker0@example.org' },
      { arrivalDate: daysAfter(now, 1) },
      { passportNumber: 'lost0002' },
    ]);
    const ids = applicants.map((a) => a.applicantId);
    expect(await drain(now)).toBe(6); // confirmation, 3 decisions, worker confirmation, 1 decision email

    expect(
      (await Promise.all(ids.map((id) => findApplication(test.db, id)))).map((a) => [a?.status, a?.decisionReason]),
    ).toEqual([
      ['approved', null],
      ['rejected', 'late'],
      ['rejected', 'credibility'],
    ]);
    const jobs = await listJobs(test.db);
    expect(jobs.every((j) => j.completedAt !== null)).toBe(true);

    const mails = await outbox();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        ['sponsor@example.org', 'Creative worker concession: 3 applications received'],
        ['worker0@example.org', `Creative worker concession: application ${ids[0]} received`],
        ['sponsor@example.org', 'Creative worker concession: decisions on 3 applications'],
      ].sort(),
    );
    const confirmation = mails.find((m) => m.subject === 'Creative worker concession: 3 applications received');
    for (const [index, id] of ids.entries()) {
      expect(confirmation?.text).toContain(`Application reference: ${id}`);
      expect(confirmation?.text).toContain(`Name: Family${index}, Given${index}`);
    }
    const link = /https:\/\/cwc\.example\.gov\.uk\/status\?epat=([\w.-]+)/.exec(confirmation?.text ?? '')?.[1];
    expect(await tokens.verify(decodeURIComponent(link ?? ''))).toEqual({ submissionId });
    const decisions =
      mails.find((m) => m.subject === 'Creative worker concession: decisions on 3 applications')?.text ?? '';
    // Each worker's block: reference, name, COS number, then the outcome.
    const blocks = decisions.split('\n\n').filter((block) => block.startsWith('Application reference: '));
    expect(blocks.map((block) => block.split('\n')[0])).toEqual(ids.map((id) => `Application reference: ${id}`));
    expect(blocks[0]).toMatch(/COS0\nDecision: Approved\nLeave the UK: No later than \d\d \w+ 2026$/);
    expect(blocks[1]).toMatch(/Decision: Rejected\nReason: .*less than 3 days/);
    expect(blocks[2]).toMatch(/Decision: Rejected\nReason: .*lost or stolen/);
    const decisionLink = /https:\/\/cwc\.example\.gov\.uk\/status\?epat=([\w.-]+)/.exec(decisions)?.[1];
    expect(await tokens.verify(decodeURIComponent(decisionLink ?? ''))).toEqual({ submissionId });
    const worker = mails.find((m) => m.to === 'worker0@example.org');
    expect(worker?.text).not.toContain('epat=');

    // Ids and counts only in the logs: no names, addresses, passport numbers or tokens.
    const logs = log.lines.join('\n');
    expect(logs).toContain(ids[0]);
    for (const secret of [
      'sponsor@example.org',
      'worker0@example.org',
      'Family0',
      'Given1',
      'LOST0002',
      'P00000000',
      'Example Theatre',
      'eyJ',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });

  it('sends no email twice when the confirmation job runs again', async () => {
    const { submissionId, applicants } = await store([{ workerEmail: 'worker0@example.org' }]);
    const received = `Creative worker concession: application ${applicants[0]?.applicantId} received`;
    await drain(now);
    // The job repeated, as after a worker died between sending and recording.
    await enqueueJob(test.db, { kind: 'send-confirmation', payload: { submissionId }, runAfter: now });
    await drain(now);
    const mails = await outbox();
    expect(mails.filter((m) => m.to === 'sponsor@example.org' && m.subject === received)).toHaveLength(2);
    expect(mails.filter((m) => m.to === 'worker0@example.org')).toHaveLength(1);
  });

  it('with manual review, sends no decision until a caseworker decides', async () => {
    const { applicants } = await store([{}]);
    const id = applicants[0]?.applicantId ?? '';
    await drain(now, { manualReview: true });
    expect(await findApplication(test.db, id)).toMatchObject({ status: 'in-progress' });
    expect((await outbox()).map((m) => m.subject)).toEqual([`Creative worker concession: application ${id} received`]);
    await changeApplicationStatus(test.db, id, { to: 'approved', actor: 'caseworker:ann', now });
    await drain(now, { manualReview: true });
    expect((await outbox()).map((m) => m.subject)).toEqual([
      `Creative worker concession: application ${id} received`,
      `Creative worker concession: application ${id} approved`,
    ]);
  });

  it('does not send a decision that has been withdrawn before its email went, only the withdrawal', async () => {
    const { applicants } = await store([{}]);
    const id = applicants[0]?.applicantId ?? '';
    await changeApplicationStatus(test.db, id, { to: 'approved', actor: 'caseworker:ann', now });
    await changeApplicationStatus(test.db, id, { to: 'withdrawn', actor: 'caseworker:ann', now });
    await drain(now);
    expect((await outbox()).map((m) => m.subject).sort()).toEqual([
      `Creative worker concession: application ${id} received`,
      `Creative worker concession: application ${id} withdrawn`,
    ]);
    expect((await listJobs(test.db, { kind: 'send-decisions' })).map((j) => j.completedAt !== null)).toEqual([true]);
    // Approved, if only for a moment: the status page may have handed out its document.
    expect((await outbox()).find((m) => m.subject.endsWith('withdrawn'))?.text).toContain(
      'Do not use the pre-clearance document',
    );
  });

  it('fails for good a job about an application or submission that does not exist', async () => {
    await enqueueJob(test.db, { kind: 'send-decisions', payload: { submissionId: 'missing' }, runAfter: now });
    await enqueueJob(test.db, { kind: 'decide', payload: {}, runAfter: now });
    await drain(now);
    const jobs = await listJobs(test.db);
    expect(jobs.map((j) => j.lastError).sort()).toEqual([
      'PermanentJobError: No submission missing to email about',
      'PermanentJobError: The job payload has no applicantId',
    ]);
    expect(jobs.every((j) => j.failedAt !== null && j.attempts === 1)).toBe(true);
  });

  describe('retention', () => {
    const retentionDays = 30;

    async function purgeAt(day: Date): Promise<void> {
      await enqueueJob(test.db, { kind: 'purge-personal-data', runAfter: day });
      await drain(day, { retentionDays });
    }

    it('deletes the personal data of decided applications once their leave date is RETENTION_DAYS past', async () => {
      const leaveDate = daysAfter(now, 40);
      const group = await store([{ leaveDate }, { leaveDate }]);
      const waiting = await store([{ leaveDate }]);
      const [first, second] = group.applicants.map((a) => a.applicantId);
      await drain(now, { manualReview: true });
      await changeApplicationStatus(test.db, first ?? '', { to: 'approved', actor: 'caseworker:ann', now });
      await changeApplicationStatus(test.db, second ?? '', {
        to: 'rejected',
        reason: 'routing',
        actor: 'caseworker:ann',
        now,
      });
      await drain(now, { manualReview: true });

      // The last day of retention (London): nothing goes.
      await purgeAt(new Date(`${daysAfter(now, 40 + retentionDays)}T12:00:00Z`));
      expect((await findApplication(test.db, first ?? ''))?.personalDataDeletedAt).toBeNull();

      const day = new Date(`${daysAfter(now, 41 + retentionDays)}T12:00:00Z`);
      await purgeAt(day);
      for (const id of [first, second]) {
        expect(await findApplication(test.db, id ?? '')).toMatchObject({
          personalDataDeletedAt: day,
          concessionForm: null,
          secondaryDetails: null,
          passportNumber: null,
          cosReference: null,
          familyName: null,
          givenNames: null,
          workerEmail: null,
          placeOfDeparture: null,
          sponsorEmail: null,
          sponsorName: null,
          // Kept: what the counts and the audit need.
          leaveDate,
          sponsorReference: 'LIC123456',
        });
      }
      expect(await findApplication(test.db, second ?? '')).toMatchObject({
        status: 'rejected',
        decisionReason: 'routing',
      });
      expect(await findSubmission(test.db, group.submissionId)).toMatchObject({
        personalDataDeletedAt: day,
        sponsorEmail: null,
      });
      expect(await listStatusChanges(test.db, first ?? '')).toHaveLength(3);

      // Undecided: kept for the caseworker.
      const undecided = await findApplication(test.db, waiting.applicants[0]?.applicantId ?? '');
      expect(undecided).toMatchObject({ personalDataDeletedAt: null, familyName: 'Family0' });
      expect(await findSubmission(test.db, waiting.submissionId)).toMatchObject({ personalDataDeletedAt: null });

      // Nothing left holds the deleted values.
      const dump = JSON.stringify(
        (
          await test.db.query(
            'SELECT * FROM applications a JOIN submissions s ON s.id = a.submission_id WHERE a.applicant_id = $1',
            [first],
          )
        ).rows,
      );
      expect(dump).not.toMatch(/Family0|Given0|P00000000|COS0|sponsor@example\.org|Example Theatre/);

      // A withdrawal afterwards still works and emails nobody.
      const mailsBefore = (await outbox()).length;
      await changeApplicationStatus(test.db, first ?? '', { to: 'withdrawn', actor: 'caseworker:ann', now: day });
      await purgeAt(day);
      expect(log.lines.some((l) => l.includes('"msg":"Retention run done"') && l.includes('"applications":2'))).toBe(
        true,
      );
      expect(await outbox()).toHaveLength(mailsBefore);
      expect((await listJobs(test.db, { kind: 'send-withdrawal' })).map((j) => j.completedAt !== null)).toEqual([true]);
    });

    it('keeps a submission’s sponsor until the last of its applications is deleted, run after run', async () => {
      const leaveDate = daysAfter(now, 40);
      const group = await store([{ leaveDate }, { leaveDate }]);
      const [first, second] = group.applicants.map((a) => a.applicantId);
      await drain(now, { manualReview: true });
      await changeApplicationStatus(test.db, first ?? '', { to: 'approved', actor: 'caseworker:ann', now });
      const day = new Date(`${daysAfter(now, 41 + retentionDays)}T12:00:00Z`);
      await purgeAt(day);
      expect((await findApplication(test.db, first ?? ''))?.personalDataDeletedAt).toEqual(day);
      expect(await findSubmission(test.db, group.submissionId)).toMatchObject({ personalDataDeletedAt: null });

      // The other decided later: the next run deletes it, and with it the sponsor.
      await changeApplicationStatus(test.db, second ?? '', { to: 'withdrawn', actor: 'caseworker:ann', now: day });
      const nextDay = new Date(day.getTime() + 86_400_000);
      await purgeAt(nextDay);
      expect(await findSubmission(test.db, group.submissionId)).toMatchObject({
        personalDataDeletedAt: nextDay,
        sponsorEmail: null,
      });
    });

    it('leaves alone a decision email whose personal data is gone', async () => {
      const { applicants } = await store([{ leaveDate: daysAfter(now, 3) }]);
      const id = applicants[0]?.applicantId ?? '';
      await drain(now, { manualReview: true });
      await changeApplicationStatus(test.db, id, { to: 'approved', actor: 'caseworker:ann', now });
      // The purge runs before the decision email (a long mail outage, say).
      const day = new Date(`${daysAfter(now, 3 + retentionDays + 1)}T12:00:00Z`);
      await enqueueJob(test.db, { kind: 'purge-personal-data', runAfter: new Date(now.getTime() - 1) });
      await runDueJobs({
        db: test.db,
        handlers: {
          'purge-personal-data': handlers({ retentionDays })['purge-personal-data'] ?? (async () => undefined),
        },
        logger: log.logger,
        now: () => day,
      });
      await drain(day);
      expect((await outbox()).map((m) => m.subject)).toEqual([
        `Creative worker concession: application ${id} received`,
      ]);
      expect((await listJobs(test.db, { kind: 'send-decisions' }))[0]?.completedAt).not.toBeNull();
    });

    it('deletes, every hour, the sessions idle for 24 hours, the drafts saved 28 days ago, the caseworkers’ sessions that are over, the budgets’ ended windows and the document checks’ failures two hours old', async () => {
      const hour = 60 * 60_000;
      const session = (id: number) => Buffer.alloc(32, id);
      const values = { formState: null, statusToken: null, notice: null, statusOpenedAt: null, savedUntil: null };
      await insertFormSession(test.db, session(1), values, new Date(now.getTime() - 25 * hour));
      await insertFormSession(test.db, session(2), values, new Date(now.getTime() - 23 * hour));
      for (const [id, days] of [
        [3, 27],
        [4, 29],
      ] as const) {
        const savedAt = new Date(now.getTime() - days * 24 * hour);
        await insertFormSession(test.db, session(id), values, savedAt);
        await saveDraft(test.db, session(id), { path: '/sponsor-details', language: 'en' }, savedAt);
      }
      await countHit(test.db, 'forms:198.51.100.1', 60_000, new Date(now.getTime() - 2 * 60_000));
      await countHit(test.db, 'forms:198.51.100.2', 60_000, now);
      for (const minutes of [121, 119])
        await recordCheckFailure(test.db, '198.51.100.3', {
          failedAt: new Date(now.getTime() - minutes * 60_000),
          checkCode: null,
        });
      const staff = { id: 'staff-1', name: 'Ann', roles: ['CASEWORKER'] as const };
      await createStaffSessions(test.db).create(staff, 'id-token', new Date(now.getTime() - 31 * 60_000));
      await createStaffSessions(test.db).create(staff, 'id-token', new Date(now.getTime() - 29 * 60_000));
      await enqueueJob(test.db, { kind: 'purge-sessions', runAfter: now });
      await drain(now);
      const left = await test.db.query<{
        sessions: number;
        staffSessions: number;
        counts: number;
        checkFailures: number;
      }>(
        `SELECT (SELECT count(*)::int FROM form_sessions) AS sessions,
                (SELECT count(*)::int FROM staff_sessions) AS "staffSessions",
                (SELECT count(*)::int FROM rate_limit_counters) AS counts,
                (SELECT count(*)::int FROM check_failures) AS "checkFailures"`,
      );
      expect(left.rows[0]).toEqual({ sessions: 2, staffSessions: 1, counts: 1, checkFailures: 1 });
    });
  });
});
