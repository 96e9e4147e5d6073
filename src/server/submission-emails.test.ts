// End to end through a real server process and a real mail server: a group submitted over HTTP
// brings the sponsor a confirmation with every application reference and a status link, each
// worker a confirmation, and the sponsor one decision email per application, whose links verify.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId } from '#shared/api/new-from-concession.ts';
import { notRoutedThroughIrelandPayload, validApplicantPayload } from '../../tests/fixtures/applicants.ts';
import { loadConfig } from './config.ts';
import type { RunningServer } from './test-support/child-process.ts';
import { killIfRunning, makeServerDirectory, startServer, waitFor } from './test-support/child-process.ts';
import type { SmtpReceiver } from './test-support/smtp-receiver.ts';
import { startSmtpReceiver } from './test-support/smtp-receiver.ts';
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

it('emails the confirmation and each decision, with the references and status links that verify', { timeout: 120_000 }, async () => {
  const env = { ...serverEnv, PUBLIC_BASE_URL, SMTP_URL: smtp.url };
  server = await startServer(env);

  const now = new Date();
  const formGroupId = newFormGroupId(randomUUID);
  const body = [validApplicantPayload(now), notRoutedThroughIrelandPayload(now)].map((a, i) => ({
    concessionForm: { ...a.concessionForm, formGroupId, passportNumber: `80000000${i}` },
    secondaryDetails: { ...a.secondaryDetails, workerEmailAddress: `worker${i}@example.com` },
  }));
  const response = await fetch(`${server.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  const [approvedId, rejectedId] = ((await response.json()) as Array<{ applicantId: string }>).map((item) => item.applicantId);

  // The sponsor's confirmation, two worker confirmations, two decisions.
  await waitFor(async () => smtp.received.length >= 5, 'five emails');
  const mails = await Promise.all(
    smtp.received.map(async ({ raw, envelopeTo }) => {
      const mail = await simpleParser(raw);
      return { envelopeTo, to: (mail.to as AddressObject).text, subject: mail.subject ?? '', text: mail.text ?? '' };
    }),
  );
  const sponsor = 'bookings@example-theatre.co.uk';
  expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
    [
      [sponsor, 'Applications received'],
      ['worker0@example.com', 'Application received'],
      ['worker1@example.com', 'Application received'],
      [sponsor, `Application approved: ${approvedId}`],
      [sponsor, `Application rejected: ${rejectedId}`],
    ].sort(),
  );
  for (const mail of mails) expect(mail.envelopeTo).toEqual([mail.to]);

  const tokens = await createStatusLinkTokens(loadConfig({ NODE_ENV: 'test', ...env }));
  const linkIn = async (text: string) => {
    const token = new RegExp(`${PUBLIC_BASE_URL}/status\\?epat=([\\w.-]+)`).exec(text)?.[1];
    return tokens.verify(token ?? '');
  };
  const confirmation = mails.find((m) => m.subject === 'Applications received')!;
  expect(confirmation.text).toContain(`Application reference: ${approvedId}`);
  expect(confirmation.text).toContain(`Application reference: ${rejectedId}`);
  const { submissionId } = await linkIn(confirmation.text);
  expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);

  const approved = mails.find((m) => m.subject.startsWith('Application approved'))!;
  expect(approved.text).toContain(body[0]!.concessionForm.certificateOfSponsorshipReferenceNumber);
  expect(await linkIn(approved.text)).toEqual({ submissionId });
  const rejected = mails.find((m) => m.subject.startsWith('Application rejected'))!;
  expect(rejected.text).toContain('not routed through the Republic of Ireland');
  expect(await linkIn(rejected.text)).toEqual({ submissionId });
  // Workers learn that the application was received, but the status link is the sponsor's.
  for (const worker of mails.filter((m) => m.to.startsWith('worker'))) expect(worker.text).not.toContain('epat=');

  // The server's log names none of it.
  for (const secret of [sponsor, 'worker0@example.com', body[0]!.secondaryDetails.familyName, '800000000', 'epat=', 'eyJ']) {
    expect(server.stdout()).not.toContain(secret);
  }
});
