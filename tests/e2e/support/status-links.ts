// Status links for the tests: tokens signed with the service's own key (the global setup hands it
// to the tests), so that a test can make a link the service itself could have sent, for any
// submission, in date or long expired; and the link the service emails for a submission sent.
import { importPKCS8, SignJWT } from 'jose';
import { expect, inject } from 'vitest';
import { STATUS_LINK_AUDIENCE, STATUS_LINK_ISSUER } from '../../../src/server/tokens/status-link-tokens.ts';
import { NEW_FROM_CONCESSION_PATH, type ApplicantPayload } from '../../../src/shared/api/new-from-concession.ts';
import { FIXTURE_SPONSOR } from '../../fixtures/applicants.ts';
import { waitForMail } from './journey.ts';

/** A status-link token for `submission`: valid for an hour, or, when `expired`, signed 100 days ago for 90. */
export async function signedStatusToken(submission = 'a-submission', { expired = false } = {}): Promise<string> {
  const key = await importPKCS8(inject('tokenPrivateKey'), 'ES256');
  const token = new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(STATUS_LINK_ISSUER)
    .setAudience(STATUS_LINK_AUDIENCE)
    .setSubject(submission);
  if (!expired) return token.setIssuedAt().setExpirationTime('1h').sign(key);
  // Expired, but younger than the retention period: the service still knows the submission.
  const past = Math.floor(Date.now() / 1000) - 100 * 86_400;
  return token
    .setIssuedAt(past)
    .setExpirationTime(past + 90 * 86_400)
    .sign(key);
}

/** Sends a submission (`body`, its applicants' payloads) to the service at `base`, which takes it: the references. */
export async function sendThroughApi(base: string, body: readonly ApplicantPayload[]): Promise<string[]> {
  const response = await fetch(`${base}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { applicantId: string }[]).map((item) => item.applicantId);
}

/**
 * Sends a submission (`body`, its applicants' payloads) to the service at `base`, and waits for
 * the sponsor's confirmation email naming every application: the references, and the status link
 * it holds. `mailDir` is where that service's emails go.
 */
export async function submitForStatusLink(
  base: string,
  body: readonly ApplicantPayload[],
  mailDir?: string,
): Promise<{ readonly references: string[]; readonly statusLink: string }> {
  const references = await sendThroughApi(base, body);
  const ours = (mail: { to: string; text: string }) =>
    mail.to === FIXTURE_SPONSOR['sponsor-email'] && references.every((reference) => mail.text.includes(reference));
  const mail = await waitForMail((all) => all.some(ours), 60_000, mailDir);
  const statusLink = new RegExp(`${base.replace(/[.]/g, '\\.')}/status\\?epat=[\\w.-]+`).exec(
    mail.find(ours)?.text ?? '',
  )?.[0];
  expect(statusLink).toBeDefined();
  return { references, statusLink: statusLink! };
}
