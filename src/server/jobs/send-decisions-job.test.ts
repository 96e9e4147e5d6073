// One decision email per submission (decision 014), through a real SMTP server: the window that
// gathers decisions made close together, the email that goes at once when nothing is left to
// decide, and the races between decisions and the jobs that email them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { findApplication } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { findNextDecisionEmailJob, setNextDecisionEmailJob } from '../db/decision-email-repository.ts';
import { enqueueJob, listJobs } from '../db/job-repository.ts';
import { runMigrations } from '../db/migrations.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { onDatabaseAt, storeBefore022, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import type { StatusChange } from '../services/decisions/change-status.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import type { EmailMessage, EmailSender } from '../email/email-sender.ts';
import { createEmailSender, EmailSendError } from '../email/email-sender.ts';
import type { SmtpReceiver } from '../test-support/smtp-receiver.ts';
import { startSmtpReceiver } from '../test-support/smtp-receiver.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createStatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createJobHandlers } from './job-handlers.ts';
import { runDueJobs } from './outbox-worker.ts';

const t0 = new Date('2026-03-02T10:00:00Z');
const minutes = (n: number): Date => new Date(t0.getTime() + n * 60_000);
const SPONSOR = 'sponsor@example.org';

interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** The references an email names, in its order. */
const referencesIn = (mail: Mail): string[] =>
  [...mail.text.matchAll(/^Application reference: (\S+)$/gm)].map((m) => m[1] ?? '');

describe.each(testEngines())('decision emails on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let dataDir: string;
  let smtp: SmtpReceiver;
  let config: Config;
  let tokens: StatusLinkTokens;
  let smtpSender: EmailSender;
  let log: ReturnType<typeof capturingLogger>;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'decision-emails-'));
    smtp = await startSmtpReceiver();
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
      SMTP_URL: smtp.url,
      MANUAL_REVIEW: 'true',
      // Many decisions go to one sponsor here; the per-address limit has tests of its own.
      EMAIL_RATE_LIMIT: '100000',
    });
    tokens = await createStatusLinkTokens(config);
    log = capturingLogger();
    smtpSender = createEmailSender(config, log.logger);
  });
  afterEach(async () => {
    await smtpSender.close?.();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function handlers(overrides: Partial<Config> = {}, emailSender: EmailSender = smtpSender) {
    return createJobHandlers({ db: test.db, emailSender, tokens, config: { ...config, ...overrides } });
  }

  /** Runs every job due at `at` (and those they add) until none is left; returns how many ran. */
  async function drain(
    at: Date,
    options: { overrides?: Partial<Config>; emailSender?: EmailSender; db?: Database } = {},
  ) {
    let total = 0;
    for (;;) {
      const ran = await runDueJobs({
        db: options.db ?? test.db,
        handlers: handlers(options.overrides, options.emailSender),
        logger: log.logger,
        now: () => at,
        batchSize: 10,
      });
      if (ran === 0) return total;
      total += ran;
    }
  }

  async function received(): Promise<Mail[]> {
    return Promise.all(
      smtp.received.map(async ({ raw }) => {
        const mail = await simpleParser(raw);
        return { to: (mail.to as AddressObject).text, subject: mail.subject ?? '', text: mail.text ?? '' };
      }),
    );
  }

  /** The decision emails the sponsor has received (everything but the confirmation and withdrawals). */
  async function decisionMails(): Promise<Mail[]> {
    return (await received()).filter(
      (m) => m.to === SPONSOR && !m.subject.endsWith('received') && !m.subject.endsWith('withdrawn'),
    );
  }

  /** A submission of `count` applications, confirmed and checked (they wait for a caseworker). */
  async function store(count: number, at = t0): Promise<{ submissionId: string; ids: string[] }> {
    const result = await storeSubmission(
      test.db,
      sampleSubmission(
        at,
        Array.from({ length: count }, () => ({})),
      ),
      at,
    );
    if (result.outcome !== 'created') throw new Error('not created');
    await drain(at);
    return { submissionId: result.submissionId, ids: result.applicants.map((a) => a.applicantId) };
  }

  const decide = (
    id: string | undefined,
    to: StatusChange['to'],
    at: Date,
    reason?: StatusChange['reason'],
    db: Database = test.db,
  ) => changeApplicationStatus(db, id ?? '', { to, reason, actor: 'caseworker:ann', now: at });

  it('gathers the decisions made within the window into one email, and a later one into another', async () => {
    const { ids } = await store(3);
    await decide(ids[0], 'approved', minutes(1));
    await drain(minutes(1));
    await decide(ids[1], 'rejected', minutes(5), 'routing');
    await drain(minutes(5));
    // Ten minutes after the first decision not emailed, not before.
    await drain(minutes(10.9));
    expect(await decisionMails()).toEqual([]);

    await drain(minutes(11));
    const [first] = await decisionMails();
    expect(first?.subject).toBe('Creative worker concession: decisions on 2 applications');
    expect(referencesIn(first!)).toEqual([ids[0], ids[1]]);
    // Each worker with its own outcome.
    expect(first?.text).toContain(
      `Application reference: ${ids[0]}\nName: Family0, Given0\nCertificate of sponsorship (COS) number: COS0\nDecision: Approved\nLeave the UK: No later than `,
    );
    expect(first?.text).toContain(
      `Application reference: ${ids[1]}\nName: Family1, Given1\nCertificate of sponsorship (COS) number: COS1\nDecision: Rejected\nReason: The worker’s travel to the UK is not routed through the Republic of Ireland.`,
    );
    expect(first?.text).toContain('We are still checking 1 more application.');
    expect(first?.text).toMatch(/https:\/\/cwc\.example\.gov\.uk\/status\?epat=\S+/);

    // The window has long passed: the last decision is the only one left, so it goes at once.
    await decide(ids[2], 'approved', minutes(30));
    await drain(minutes(30));
    const mails = await decisionMails();
    expect(mails.map((m) => m.subject)).toEqual([
      'Creative worker concession: decisions on 2 applications',
      `Creative worker concession: application ${ids[2]} approved`,
    ]);
    expect(referencesIn(mails[1]!)).toEqual([ids[2]]);
    expect(mails[1]?.text).not.toContain('still checking');
    expect(mails[1]?.text).toMatch(/https:\/\/cwc\.example\.gov\.uk\/status\?epat=\S+/);
  });

  it('starts a new window for a decision made after an email, while others are still in progress', async () => {
    const { ids } = await store(3);
    await decide(ids[0], 'approved', minutes(0));
    await drain(minutes(10));
    await decide(ids[1], 'approved', minutes(20));
    await drain(minutes(29));
    expect((await decisionMails()).map(referencesIn)).toEqual([[ids[0]]]);
    await drain(minutes(30));
    expect((await decisionMails()).map(referencesIn)).toEqual([[ids[0]], [ids[1]]]);
  });

  it('sends at once when the last application is decided or withdrawn, without waiting for the window', async () => {
    const decided = await store(2);
    await decide(decided.ids[0], 'approved', minutes(0));
    await drain(minutes(0));
    await decide(decided.ids[1], 'approved', minutes(2));
    await drain(minutes(2));
    expect((await decisionMails()).map((m) => [m.subject, referencesIn(m)])).toEqual([
      ['Creative worker concession: 2 applications approved', decided.ids],
    ]);

    const withdrawn = await store(2, minutes(3));
    await decide(withdrawn.ids[0], 'rejected', minutes(3), 'credibility');
    await drain(minutes(3));
    await decide(withdrawn.ids[1], 'withdrawn', minutes(4));
    await drain(minutes(4));
    const last = (await decisionMails()).at(-1);
    expect([last?.subject, referencesIn(last!)]).toEqual([
      `Creative worker concession: application ${withdrawn.ids[0]} rejected`,
      [withdrawn.ids[0]],
    ]);
    expect(last?.text).not.toContain('still checking');
  });

  it('with a window of 0, emails each decision as soon as its job runs', async () => {
    const { ids } = await store(3);
    await decide(ids[0], 'approved', minutes(1));
    await drain(minutes(1), { overrides: { decisionEmailWindowMinutes: 0 } });
    await decide(ids[1], 'approved', minutes(2));
    await drain(minutes(2), { overrides: { decisionEmailWindowMinutes: 0 } });
    expect((await decisionMails()).map(referencesIn)).toEqual([[ids[0]], [ids[1]]]);
    expect((await decisionMails())[1]?.text).toContain('We are still checking 1 more application.');
  });

  it('leaves out a decision withdrawn before its email went', async () => {
    const { ids } = await store(3);
    await decide(ids[0], 'approved', minutes(0));
    await decide(ids[1], 'approved', minutes(1));
    await decide(ids[0], 'withdrawn', minutes(2));
    await drain(minutes(11));
    expect((await decisionMails()).map(referencesIn)).toEqual([[ids[1]]]);
  });

  it('does not lose a decision made while a send-decisions job is sending, nor email one twice', async () => {
    const { submissionId, ids } = await store(3);
    await decide(ids[0], 'approved', minutes(0));
    await decide(ids[1], 'rejected', minutes(1), 'late');
    const job = await findNextDecisionEmailJob(test.db, submissionId);
    expect(job?.open).toBe(true);

    // The job's handler, driven directly: held in the middle of sending while the caseworker
    // decides the last application.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sending: () => void = () => {};
    const reachedSend = new Promise<void>((resolve) => (sending = resolve));
    const holdingSender: EmailSender = {
      async send(message: EmailMessage) {
        sending();
        await held;
        await smtpSender.send(message);
      },
    };
    const handler = handlers({}, holdingSender)['send-decisions']!;
    const running = handler({ submissionId }, { jobId: job!.id, attempt: 1, now: minutes(10), logger: log.logger });
    await reachedSend;
    await decide(ids[2], 'approved', minutes(10));
    release();
    await running;
    // What the worker would have recorded after the handler.
    await test.db.query('UPDATE outbox_jobs SET completed_at = $2::timestamptz WHERE id = $1', [job!.id, minutes(10)]);

    await drain(minutes(10));
    const mails = await decisionMails();
    expect(mails.map(referencesIn)).toEqual([[ids[0], ids[1]], [ids[2]]]);
    expect(mails[0]?.text).toContain('We are still checking 1 more application.');
    expect(mails[1]?.subject).toBe(`Creative worker concession: application ${ids[2]} approved`);
  });

  it('emails a decision made just before the job claims in that same email', async () => {
    const { submissionId, ids } = await store(2);
    await decide(ids[0], 'approved', minutes(0));
    const job = await findNextDecisionEmailJob(test.db, submissionId);
    // The job has not run yet: the decision waits for it rather than adding another.
    await decide(ids[1], 'approved', minutes(0.5));
    expect((await listJobs(test.db, { kind: 'send-decisions' })).map((j) => j.id)).toEqual([job?.id]);
    await drain(minutes(0.5));
    expect((await decisionMails()).map(referencesIn)).toEqual([ids]);
  });

  it('on a retry after a failed send, emails the same decisions again, and a newer decision once', async () => {
    const { ids } = await store(3);
    await decide(ids[0], 'approved', minutes(0));
    await decide(ids[1], 'approved', minutes(1));
    let failures = 0;
    const failingOnce: EmailSender = {
      async send(message: EmailMessage) {
        if (failures++ === 0) throw new EmailSendError('smtp', 'ECONNECTION', true);
        await smtpSender.send(message);
      },
    };
    await drain(minutes(10), { emailSender: failingOnce });
    expect(await decisionMails()).toEqual([]);
    // Decided while the failed job waits for its retry: a job of its own emails it.
    await decide(ids[2], 'rejected', minutes(11), 'routing');
    await drain(minutes(12), { emailSender: failingOnce });
    await drain(minutes(100), { emailSender: failingOnce });
    // Each decision once: the retry sends what its first attempt claimed (and, due first, the
    // newer decision too, leaving nothing to the newer job).
    const mails = await decisionMails();
    expect(mails.flatMap(referencesIn).sort()).toEqual([...ids].sort());
    expect(mails.some((m) => referencesIn(m).includes(ids[0]!) && referencesIn(m).includes(ids[1]!))).toBe(true);
    expect((await listJobs(test.db, { kind: 'send-decisions' })).every((j) => j.completedAt !== null)).toBe(true);
  });

  it('emails every decision exactly once when caseworkers and several workers race', { timeout: 60_000 }, async () => {
    const groups = [await store(10), await store(10), await store(10)];
    const ids = groups.flatMap((g) => g.ids);
    const others = await Promise.all([test.openAnother(), test.openAnother()]);
    // Three caseworkers on three connections, each deciding every third application one after
    // the other, while two workers run whatever is due (window 0: jobs run between decisions).
    const connections = [test.db, ...others];
    const deciding = Promise.all(
      connections.map(async (db, c) => {
        for (const [i, id] of ids.entries()) {
          if (i % 3 !== c) continue;
          await decide(id, i % 4 === 0 ? 'rejected' : 'approved', t0, i % 4 === 0 ? 'credibility' : undefined, db);
          await new Promise((r) => setTimeout(r, 3));
        }
      }),
    );
    let done = false;
    const workers = others.map(async (db) => {
      while (!done) {
        if ((await drain(t0, { db, overrides: { decisionEmailWindowMinutes: 0 } })) === 0)
          await new Promise((r) => setTimeout(r, 5));
      }
    });
    await deciding;
    done = true;
    await Promise.all(workers);
    await drain(t0, { overrides: { decisionEmailWindowMinutes: 0 } });

    const mails = await decisionMails();
    const emailed = mails.flatMap(referencesIn);
    expect(emailed.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await findApplication(test.db, id))?.status).not.toBe('in-progress');
  });
});

describe.each(testEngines())('migration 004 on $name', (engine) => {
  it('counts decisions made before it as emailed, unless their per-application email job is still open', async () => {
    await onDatabaseAt(engine, 3, async (db) => {
      const stored = await storeBefore022(db, sampleSubmission(t0, [{}, {}, {}]), t0);
      if (stored.outcome !== 'created') throw new Error('not created');
      const [emailed, waiting, undecided] = stored.applicants.map((a) => a.applicantId);
      await db.query(`UPDATE applications SET status = 'approved' WHERE applicant_id = ANY($1)`, [[emailed, waiting]]);
      await enqueueJob(db, { kind: 'send-decision', payload: { applicantId: emailed, status: 'approved' } });
      await db.query(`UPDATE outbox_jobs SET completed_at = now() WHERE kind = 'send-decision'`);
      await enqueueJob(db, { kind: 'send-decision', payload: { applicantId: waiting, status: 'approved' } });

      await runMigrations(db);
      const { rows } = await db.query<{ applicant_id: string; decision_email_job: number | null }>(
        'SELECT applicant_id, decision_email_job FROM applications',
      );
      expect(Object.fromEntries(rows.map((r) => [r.applicant_id, r.decision_email_job]))).toEqual({
        [emailed ?? '']: 0,
        [waiting ?? '']: null,
        [undecided ?? '']: null,
      });
    });
  });
});

describe.each(testEngines())('migration 013 on $name', (engine) => {
  it('hands every open send-decision job to its submission’s send-decisions job, as its handler did', async () => {
    await onDatabaseAt(engine, 12, async (db) => {
      const store = async (count: number) => {
        const stored = await storeBefore022(
          db,
          sampleSubmission(
            t0,
            Array.from({ length: count }, () => ({})),
          ),
          t0,
        );
        if (stored.outcome !== 'created') throw new Error('not created');
        return { submissionId: stored.submissionId, ids: stored.applicants.map((a) => a.applicantId) };
      };
      const approve = (ids: readonly string[]) =>
        db.query(`UPDATE applications SET status = 'approved' WHERE applicant_id = ANY($1)`, [ids]);
      const legacyJob = async (payload: Record<string, unknown>) =>
        (await enqueueJob(db, { kind: 'send-decision', payload })) ?? 0;
      const jobOf = async (id: number) => (await listJobs(db)).find((job) => job.id === id);

      // One decision waiting while another application is still in progress.
      const waiting = await store(2);
      await approve([waiting.ids[0]!]);
      const waitingJob = await legacyJob({ applicantId: waiting.ids[0], status: 'approved' });
      // Two decisions of one submission, each with its job: one send-decisions job for both.
      const both = await store(2);
      await approve(both.ids);
      const bothJobs = [
        await legacyJob({ applicantId: both.ids[0], status: 'approved' }),
        await legacyJob({ applicantId: both.ids[1], status: 'approved' }),
      ];
      // The submission already points at an open send-decisions job, due later: it is brought
      // forward, nothing being left in progress, and no other is added.
      const pointed = await store(1);
      await approve(pointed.ids);
      const laterJob = await enqueueJob(db, {
        kind: 'send-decisions',
        payload: { submissionId: pointed.submissionId },
        runAfter: new Date(Date.now() + 3_600_000),
      });
      await setNextDecisionEmailJob(db, pointed.submissionId, laterJob ?? null);
      await legacyJob({ applicantId: pointed.ids[0], status: 'approved' });
      // Emailed one by one before migration 004: its finished job is left as it is.
      const done = await store(1);
      await approve(done.ids);
      await db.query(`UPDATE applications SET decision_email_job = 0 WHERE applicant_id = $1`, [done.ids[0]]);
      const doneJob = await legacyJob({ applicantId: done.ids[0], status: 'approved' });
      await db.query(`UPDATE outbox_jobs SET completed_at = $2::timestamptz WHERE id = $1`, [doneJob, t0]);
      // Naming no application: failed for good, as the handler failed it.
      const missingJob = await legacyJob({ applicantId: 'missing', status: 'approved' });
      const emptyJob = await legacyJob({});

      expect((await runMigrations(db)).map((m) => m.version)[0]).toBe(13);

      const migratedAt = (await jobOf(waitingJob))?.completedAt;
      expect(migratedAt).toBeInstanceOf(Date);
      for (const id of bothJobs) expect((await jobOf(id))?.completedAt).toEqual(migratedAt);
      expect(await jobOf(doneJob)).toMatchObject({ completedAt: t0, failedAt: null });
      expect(await jobOf(missingJob)).toMatchObject({
        completedAt: null,
        failedAt: migratedAt,
        lastError: 'PermanentJobError: No application missing to email about',
      });
      expect(await jobOf(emptyJob)).toMatchObject({
        completedAt: null,
        failedAt: migratedAt,
        lastError: 'PermanentJobError: The job payload has no applicantId',
      });
      expect(
        (await listJobs(db, { kind: 'send-decision' })).filter(
          (job) => job.completedAt === null && job.failedAt === null,
        ),
      ).toEqual([]);

      const decisionJobs = await listJobs(db, { kind: 'send-decisions' });
      expect(decisionJobs.map((job) => (job.payload as { submissionId: string }).submissionId).sort()).toEqual(
        [waiting.submissionId, both.submissionId, pointed.submissionId].sort(),
      );
      for (const { submissionId } of [waiting, both, pointed]) {
        const next = await findNextDecisionEmailJob(db, submissionId);
        const job = decisionJobs.find((j) => j.id === next?.id);
        expect(next?.open).toBe(true);
        expect(job).toMatchObject({ payload: { submissionId }, runAfter: migratedAt, attempts: 0 });
      }
      expect((await findNextDecisionEmailJob(db, pointed.submissionId))?.id).toBe(laterJob);
      expect(await findNextDecisionEmailJob(db, done.submissionId)).toBeUndefined();
      // The decisions are left for those jobs to claim.
      const { rows } = await db.query<{ applicantId: string; job: number | null }>(
        'SELECT applicant_id AS "applicantId", decision_email_job AS job FROM applications WHERE decision_email_job IS NOT NULL',
      );
      expect(rows).toEqual([{ applicantId: done.ids[0], job: 0 }]);

      // And each decision is emailed once.
      const sent: EmailMessage[] = [];
      const handlers = createJobHandlers({
        db,
        emailSender: {
          send(message) {
            sent.push(message);
            return Promise.resolve();
          },
        },
        tokens: {
          sign: (submissionId) => Promise.resolve(`token-${submissionId}`),
          statusLink: (token) => `https://cwc.example.gov.uk/status?epat=${token}`,
        },
        config: { ...loadConfig({ NODE_ENV: 'test' }), manualReview: true, decisionEmailWindowMinutes: 0 },
      });
      const logger = capturingLogger().logger;
      const at = new Date(Date.now() + 60_000);
      while ((await runDueJobs({ db, handlers, logger, now: () => at, batchSize: 10 })) > 0);
      const decisions = sent.filter((mail) => !mail.subject.endsWith('received'));
      expect(decisions.map((mail) => referencesIn(mail).sort().join(' ')).sort()).toEqual(
        [[waiting.ids[0]!], [...both.ids].sort(), [pointed.ids[0]!]].map((ids) => ids.join(' ')).sort(),
      );
    });
  });
});
