// End to end through a real server process and a real mail server: a group submitted over HTTP
// brings the sponsor a confirmation with every application reference and a status link, each
// worker a confirmation, and the sponsor one email with every decision (decision 014), whose
// links verify.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId } from '#shared/api/new-from-concession.ts';
import { lateApplicationPayload, validApplicantPayload, validRequest } from '../../tests/fixtures/applicants.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { RunningServer } from './test-support/child-process.ts';
import {
  expectExitCode,
  killIfRunning,
  makeServerDirectory,
  startServer,
  waitFor,
} from './test-support/child-process.ts';
import type { SmtpReceiver } from './test-support/smtp-receiver.ts';
import { startSmtpReceiver } from './test-support/smtp-receiver.ts';
import { drainOutbox } from './test-support/run-jobs.ts';
import { capturingLogger } from './test-support/sample-submissions.ts';
import { createStatusLinkTokens } from './tokens/status-link-tokens.ts';

const PUBLIC_BASE_URL = 'https://cwc.example.gov.uk';

let dir: string;
let serverEnv: Record<string, string>;
let smtp: SmtpReceiver;
let server: RunningServer | undefined;

beforeEach(async () => {
  ({ dir, env: serverEnv } = await makeServerDirectory());
  smtp = await startSmtpReceiver();
});
afterEach(async () => {
  await killIfRunning(server);
  await smtp.close();
  await rm(dir, { recursive: true, force: true });
});

/** The emails received so far, parsed. */
async function receivedMail() {
  return Promise.all(
    smtp.received.map(async ({ raw, envelopeTo }) => {
      const mail = await simpleParser(raw);
      return { envelopeTo, to: (mail.to as AddressObject).text, subject: mail.subject ?? '', text: mail.text ?? '' };
    }),
  );
}

it(
  'emails the confirmation and the decisions, with the references and status links that verify',
  { timeout: 120_000 },
  async () => {
    const env = { ...serverEnv, PUBLIC_BASE_URL, SMTP_URL: smtp.url };
    server = await startServer(env);

    const now = new Date();
    const formGroupId = newFormGroupId(randomUUID);
    // The second is sent a day before the arrival: rejected as late (a place outside Ireland is refused at once).
    // The second worker's passport shows only one name (decision 029).
    const oneName = { familyName: 'Suharto', givenNames: '', onlyOneName: true as const };
    const body = [validApplicantPayload(now), lateApplicationPayload(now)].map((a, i) => ({
      concessionForm: { ...a.concessionForm, formGroupId, passportNumber: `80000000${i}` },
      secondaryDetails: {
        ...a.secondaryDetails,
        workerEmailAddress: `worker${i}@example.com`,
        ...(i === 1 ? oneName : {}),
      },
    }));
    const response = await fetch(`${server.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    const [approvedId, rejectedId] = ((await response.json()) as Array<{ applicantId: string }>).map(
      (item) => item.applicantId,
    );

    // The sponsor's confirmation, two worker confirmations, one email with both decisions.
    await waitFor(async () => smtp.received.length >= 4, 'four emails');
    const mails = await receivedMail();
    const sponsor = 'bookings@example-theatre.co.uk';
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [sponsor, 'Creative worker concession: 2 applications received'],
        ['worker0@example.com', `Creative worker concession: application ${approvedId} received`],
        ['worker1@example.com', `Creative worker concession: application ${rejectedId} received`],
        [sponsor, 'Creative worker concession: decisions on 2 applications'],
      ].sort(),
    );
    for (const mail of mails) expect(mail.envelopeTo).toEqual([mail.to]);

    const tokens = await createStatusLinkTokens(loadConfig({ NODE_ENV: 'test', ...env }));
    const linkIn = async (text: string) => {
      const token = new RegExp(`${PUBLIC_BASE_URL}/status\\?epat=([\\w.-]+)`).exec(text)?.[1];
      return tokens.verify(token ?? '');
    };
    const confirmation = mails.find((m) => m.subject === 'Creative worker concession: 2 applications received')!;
    expect(confirmation.text).toContain(`Application reference: ${approvedId}`);
    expect(confirmation.text).toContain(`Application reference: ${rejectedId}`);
    const { submissionId } = await linkIn(confirmation.text);
    expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);

    const decisions = mails.find((m) => m.subject === 'Creative worker concession: decisions on 2 applications')!;
    expect(decisions.text).toContain(
      `Application reference: ${approvedId}\nName: ${body[0]!.secondaryDetails.familyName}, ${body[0]!.secondaryDetails.givenNames}\n` +
        `Certificate of sponsorship (COS) number: ${body[0]!.concessionForm.certificateOfSponsorshipReferenceNumber}\nDecision: Approved\n` +
        'Leave the UK: No later than ',
    );
    expect(decisions.text).toMatch(
      new RegExp(`Application reference: ${rejectedId}\\n(.+\\n){2}Decision: Rejected\\nReason: .*less than 3 days`),
    );
    // One name is written alone, with nothing made up for given names.
    expect(decisions.text).toContain(`Application reference: ${rejectedId}\nName: Suharto\n`);
    expect(mails.find((m) => m.to === 'worker1@example.com')!.text).toMatch(/\nName: Suharto\n/);
    expect(await linkIn(decisions.text)).toEqual({ submissionId });
    // Workers learn that the application was received, but the status link is the sponsor's.
    for (const worker of mails.filter((m) => m.to.startsWith('worker'))) expect(worker.text).not.toContain('epat=');

    // The server's log names none of it.
    for (const secret of [
      sponsor,
      'worker0@example.com',
      body[0]!.secondaryDetails.familyName,
      '800000000',
      'epat=',
      'eyJ',
    ]) {
      expect(server.stdout()).not.toContain(secret);
    }
  },
);

it(
  'brings the sponsor of a group of 10, decided at once, exactly 2 emails: the confirmation and every decision',
  { timeout: 120_000 },
  async () => {
    const env = { ...serverEnv, PUBLIC_BASE_URL, SMTP_URL: smtp.url };
    server = await startServer(env);
    const formGroupId = newFormGroupId(randomUUID);
    const body = validRequest(new Date(), 10).map((a) => ({
      ...a,
      concessionForm: { ...a.concessionForm, formGroupId },
    }));
    const response = await fetch(`${server.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    const references = ((await response.json()) as Array<{ applicantId: string }>).map((item) => item.applicantId);
    expect(new Set(references).size).toBe(10);

    const sponsor = 'bookings@example-theatre.co.uk';
    const toSponsor = async () => (await receivedMail()).filter((m) => m.to === sponsor);
    await waitFor(async () => (await toSponsor()).length >= 2, 'two emails to the sponsor');
    // No stray third email (one more decision email, say) can still come: the server stops, and
    // the outbox worker runs here on its data, with its mail server, until the outbox is empty.
    server.child.kill('SIGTERM');
    await expectExitCode(server, 0);
    const db = await openDatabase({ engine: 'pglite', dataDir: join(dir, 'data', 'pglite') });
    try {
      const config = loadConfig({ NODE_ENV: 'test', ...env });
      expect(await drainOutbox(db, config, capturingLogger().logger)).toEqual([]);
    } finally {
      await db.close();
    }
    const mails = await toSponsor();
    expect(mails.map((m) => m.subject)).toEqual([
      'Creative worker concession: 10 applications received',
      'Creative worker concession: 10 applications approved',
    ]);
    // The workers' own confirmations go to them, not to the sponsor.
    expect(
      (await receivedMail())
        .filter((m) => m.to !== sponsor)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(references.map((reference) => `Creative worker concession: application ${reference} received`).sort());
    const decisions = mails[1]!.text;
    for (const reference of references) expect(decisions).toContain(`Application reference: ${reference}\n`);
    expect(decisions.match(/Decision: Approved\nLeave the UK: No later than \d\d \w+ \d{4}/g)).toHaveLength(10);
    expect(decisions).not.toContain('still checking');
    expect(decisions).toMatch(new RegExp(`${PUBLIC_BASE_URL}/status\\?epat=`));
  },
);
