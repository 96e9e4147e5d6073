// The emails of a withdrawal, through a real SMTP server: the caseworker's command withdraws, the
// job worker emails the sponsor (with the status link) and the worker who gave an address
// (without it), and a repeated or put-off job emails the worker once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCaseworkerCommand } from '../cli/caseworker-commands.ts';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { findApplication } from '../db/application-repository.ts';
import type { NewApplication } from '../db/submission-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { enqueueJob, listJobs } from '../db/job-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import { createEmailSender } from '../email/email-sender.ts';
import type { SmtpReceiver } from '../test-support/smtp-receiver.ts';
import { startSmtpReceiver } from '../test-support/smtp-receiver.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createStatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createJobHandlers } from './job-handlers.ts';
import { runDueJobs } from './outbox-worker.ts';

const t0 = new Date('2026-03-02T10:00:00Z');
const minutes = (n: number): Date => new Date(t0.getTime() + n * 60_000);
const SPONSOR = 'sponsor@example.org';
const WORKER = 'worker0@example.org';
const STATUS_LINK = /https:\/\/cwc\.example\.gov\.uk\/status\?epat=([\w.-]+)/;

interface Mail {
  readonly envelopeTo: readonly string[];
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

describe.each(testEngines())('withdrawal emails on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let dataDir: string;
  let smtp: SmtpReceiver;
  let config: Config;
  let tokens: StatusLinkTokens;
  let smtpSender: EmailSender;
  let log: ReturnType<typeof capturingLogger>;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'withdrawal-emails-'));
    smtp = await startSmtpReceiver();
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
      SMTP_URL: smtp.url,
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

  /** Runs every job due at `at` (and those they add) until none is left. */
  async function drain(at: Date, overrides: Partial<Config> = {}): Promise<void> {
    const handlers = createJobHandlers({
      db: test.db,
      emailSender: smtpSender,
      tokens,
      config: { ...config, ...overrides },
      now: () => at,
    });
    for (;;) {
      const ran = await runDueJobs({ db: test.db, handlers, logger: log.logger, now: () => at, batchSize: 10 });
      if (ran === 0) return;
    }
  }

  async function received(): Promise<Mail[]> {
    return Promise.all(
      smtp.received.map(async ({ raw, envelopeTo }) => {
        const mail = await simpleParser(raw);
        return { envelopeTo, to: (mail.to as AddressObject).text, subject: mail.subject ?? '', text: mail.text ?? '' };
      }),
    );
  }

  const withdrawals = async (): Promise<Mail[]> => (await received()).filter((m) => m.subject.endsWith('withdrawn'));

  /** A submission, confirmed and (unless manual review) decided, its emails sent. */
  async function store(applicants: ReadonlyArray<Partial<NewApplication>>, overrides: Partial<Config> = {}) {
    const result = await storeSubmission(test.db, sampleSubmission(t0, applicants), t0);
    if (result.outcome !== 'created') throw new Error('not created');
    await drain(t0, overrides);
    return { submissionId: result.submissionId, ids: result.applicants.map((a) => a.applicantId) };
  }

  /** `npm run caseworker -- withdraw <id>`, as the caseworker runs it; returns what it printed. */
  async function withdraw(id: string, at: Date): Promise<string> {
    let out = '';
    let err = '';
    const code = await runCaseworkerCommand(['withdraw', id], {
      io: { stdout: (text) => void (out += text), stderr: (text) => void (err += text) },
      openDatabase: async () => test.db,
      actor: 'caseworker:ann',
      now: () => at,
      documentTokens: () => Promise.reject(new Error('not used by withdraw')),
    });
    expect([code, err]).toEqual([0, '']);
    return out;
  }

  it('emails the sponsor and the worker that an approved application is withdrawn, the worker without the status link', async () => {
    const { submissionId, ids } = await store([{ workerEmail: WORKER }, {}]);
    const [id, other] = ids;
    expect((await findApplication(test.db, id ?? ''))?.status).toBe('approved');
    const before = smtp.received.length;

    expect(await withdraw(id ?? '', minutes(5))).toBe(
      `Application ${id} is now withdrawn, was approved. The sponsor and the worker will be emailed.\n`,
    );
    await drain(minutes(5));

    const mails = await withdrawals();
    expect(smtp.received).toHaveLength(before + 2);
    expect(mails.map((m) => [m.envelopeTo, m.to, m.subject]).sort()).toEqual(
      [
        [[SPONSOR], SPONSOR, `Creative worker concession: application ${id} withdrawn`],
        [[WORKER], WORKER, `Creative worker concession: application ${id} withdrawn`],
      ].sort(),
    );
    const sponsor = mails.find((m) => m.to === SPONSOR)?.text ?? '';
    const worker = mails.find((m) => m.to === WORKER)?.text ?? '';
    const which = [
      `Application reference: ${id}`,
      'Name: Family0, Given0',
      'Certificate of sponsorship (COS) number: COS0',
      'Application status: Withdrawn',
    ].join('\n');
    const noLongerValid =
      'Any copy that has already been downloaded or printed is no longer valid. If anyone checks the document, the check page will say that it has been withdrawn.';
    expect(sponsor).toContain(which);
    // The worker's email names the application as the worker's confirmation does: reference and name.
    expect(worker).toContain(which.replace('Certificate of sponsorship (COS) number: COS0\n', ''));
    expect(worker).not.toContain('COS0');
    for (const text of [sponsor, worker]) {
      expect(text).toContain('Do not use the pre-clearance document');
      expect(text).toContain(noLongerValid);
      expect(text).toContain('under this clearance');
      expect(text).toContain('at least 72 hours (3 days) before');
      expect(text).toContain('https://www.gov.uk/creative-worker-visa');
      expect(text).toContain('https://www.gov.uk/contact-ukvi-inside-outside-uk');
      // The other worker of the group is not named.
      expect(text).not.toContain(other);
      expect(text).not.toContain('Family1');
    }
    expect(sponsor).toContain('The application had been approved. The pre-clearance document must not be used.');
    expect(sponsor).toContain('You can make a new application at least 72 hours (3 days) before the worker travels.');
    expect(worker).toContain('The application had been approved. You must not use the pre-clearance document.');
    expect(worker).toContain('You cannot travel to the UK under this clearance.');

    // The sponsor's status link opens the submission; the worker gets none, nor the licence number.
    const link = STATUS_LINK.exec(sponsor)?.[1];
    expect(await tokens.verify(decodeURIComponent(link ?? ''))).toEqual({ submissionId });
    expect(sponsor).toContain('You will need your sponsor licence number.');
    for (const absent of ['epat=', '/status', 'licence', 'LIC123456', 'Example Theatre']) {
      expect(worker).not.toContain(absent);
    }

    // The jobs hold the id only, and the logs ids and counts only.
    const jobs = await listJobs(test.db);
    expect(jobs.filter((j) => j.kind.endsWith('withdrawal')).map((j) => [j.kind, j.payload, j.completedAt])).toEqual([
      ['send-worker-withdrawal', { applicantId: id }, minutes(5)],
      ['send-withdrawal', { applicantId: id }, minutes(5)],
    ]);
    const logs = log.lines.join('\n');
    expect(logs).toContain('Withdrawal sent to the sponsor');
    expect(logs).toContain('Withdrawal sent to the worker');
    for (const secret of [SPONSOR, WORKER, 'Family0', 'Given0', 'COS0', 'P00000000', 'Example Theatre', 'eyJ']) {
      expect(logs).not.toContain(secret);
    }
  });

  it('emails the withdrawal of an application in progress, without a word of a document', async () => {
    const manual = { manualReview: true };
    const { ids } = await store([{ workerEmail: WORKER }], manual);
    expect((await findApplication(test.db, ids[0] ?? ''))?.status).toBe('in-progress');
    expect(await withdraw(ids[0] ?? '', minutes(1))).toBe(
      `Application ${ids[0]} is now withdrawn, was in-progress. The sponsor and the worker will be emailed.\n`,
    );
    await drain(minutes(1), manual);

    const mails = await withdrawals();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [SPONSOR, `Creative worker concession: application ${ids[0]} withdrawn`],
        [WORKER, `Creative worker concession: application ${ids[0]} withdrawn`],
      ].sort(),
    );
    const sponsor = mails.find((m) => m.to === SPONSOR)?.text ?? '';
    const worker = mails.find((m) => m.to === WORKER)?.text ?? '';
    expect(sponsor).toContain('The worker cannot travel to the UK under this application.');
    expect(sponsor).toMatch(STATUS_LINK);
    expect(worker).toContain('You cannot travel to the UK under this application.');
    expect(worker).not.toContain('epat=');
    for (const text of [sponsor, worker]) {
      expect(text).toContain(`Application reference: ${ids[0]}`);
      expect(text).not.toContain('pre-clearance document');
      expect(text).not.toContain('must not be used');
      expect(text).not.toContain('no longer valid');
    }
    // No decision to announce: the only other email was the confirmation (sponsor and worker).
    expect((await received()).map((m) => m.subject).sort()).toEqual([
      `Creative worker concession: application ${ids[0]} received`,
      `Creative worker concession: application ${ids[0]} received`,
      `Creative worker concession: application ${ids[0]} withdrawn`,
      `Creative worker concession: application ${ids[0]} withdrawn`,
    ]);
  });

  it('emails only the sponsor when the worker gave no address', async () => {
    const { ids } = await store([{}]);
    expect(await withdraw(ids[0] ?? '', minutes(1))).toBe(
      `Application ${ids[0]} is now withdrawn, was approved. The sponsor will be emailed.\n`,
    );
    await drain(minutes(1));
    expect((await withdrawals()).map((m) => [m.to, m.subject])).toEqual([
      [SPONSOR, `Creative worker concession: application ${ids[0]} withdrawn`],
    ]);
    expect(await listJobs(test.db, { kind: 'send-worker-withdrawal' })).toEqual([]);
  });

  it('emails the worker once when the withdrawal job runs again', async () => {
    const { ids } = await store([{ workerEmail: WORKER }]);
    await withdraw(ids[0] ?? '', minutes(1));
    await drain(minutes(1));
    // The job repeated, as after a worker died between sending and recording.
    await enqueueJob(test.db, { kind: 'send-withdrawal', payload: { applicantId: ids[0] }, runAfter: minutes(2) });
    await drain(minutes(2));
    const mails = await withdrawals();
    // The sponsor's email may go twice (decision 009); the worker's is a job of its own, added once.
    expect(mails.filter((m) => m.to === SPONSOR)).toHaveLength(2);
    expect(mails.filter((m) => m.to === WORKER)).toHaveLength(1);
    expect(await listJobs(test.db, { kind: 'send-worker-withdrawal' })).toHaveLength(1);
  });

  it('puts off the sponsor’s email when their address has had its emails for the hour, emailing the worker once', async () => {
    // The sponsor has had two emails (received, approved); the worker one (received).
    const limit = { emailRateLimit: 2 };
    const { ids } = await store([{ workerEmail: WORKER }], limit);
    expect((await received()).filter((m) => m.to === SPONSOR)).toHaveLength(2);
    await withdraw(ids[0] ?? '', minutes(1));
    await drain(minutes(1), limit);
    expect((await withdrawals()).map((m) => m.to)).toEqual([WORKER]);
    const [job] = await listJobs(test.db, { kind: 'send-withdrawal' });
    expect(job).toMatchObject({ completedAt: null, attempts: 1, runAfter: minutes(60) });

    // The next hour: the put-off job runs again and sends the sponsor's; the worker's is not repeated.
    await drain(minutes(60), limit);
    expect((await withdrawals()).map((m) => m.to)).toEqual([WORKER, SPONSOR]);
    expect((await listJobs(test.db)).every((j) => j.completedAt !== null)).toBe(true);
  });
});
