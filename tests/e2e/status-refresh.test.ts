// The status pages with JavaScript after a refresh: once the licence number has opened them they
// stay open for the browser for a while, as without JavaScript (the server's session keeps them
// open, decision 040), so a refresh neither asks for the number again nor lets a mistyped
// re-entry count towards the lockout; the downloads still work.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { buildApplicantPayload } from '../../src/shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '../../src/shared/api/public-status.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import { submitForStatusLink } from './support/status-links.ts';
import { workerServices } from './support/services.ts';

const test = useBrowser();
const { baseUrl: base, mailDir } = workerServices().automatic;
const LICENCE = FIXTURE_SPONSOR['sponsor-reference'] ?? '';
let statusLink = '';

beforeAll(async () => {
  const now = new Date();
  const body = [
    buildApplicantPayload(
      validApplicantAnswers(now, { 'passport-number': 'R12345671', 'cos-reference': 'C2G8K5R3FR01' }),
      FIXTURE_SPONSOR,
      `CWC-${randomUUID().toUpperCase()}`,
      now,
    ),
  ];
  ({ statusLink } = await submitForStatusLink(base, body, mailDir));
  // Decided by the service's worker: wait for the approval.
  const token = new URL(statusLink).searchParams.get('epat');
  for (const deadline = Date.now() + 60_000; ;) {
    const status = await fetch(`${base}${PUBLIC_STATUS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE }),
    });
    const { items } = (await status.json()) as { items: { status: string }[] };
    if (items[0]?.status === 'approved') break;
    if (Date.now() > deadline) throw new Error('Not decided in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

it(
  'with JavaScript, stays open after a refresh, and downloads from the page refreshed',
  { timeout: 60_000 },
  async () => {
    const { page } = test;
    await page.goto(statusLink);
    await page.fill('#sponsor-licence-number', LICENCE);
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.locator('main table').waitFor();

    for (const address of [`${base}/status`, `${base}/status/0`]) {
      await page.goto(address);
      await page.locator('main h1').waitFor();
      expect(await page.locator('#sponsor-licence-number').count(), address).toBe(0);
    }
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await page.locator('#sponsor-licence-number').count()).toBe(0);

    // The document, downloaded by the app from the page as the server answered it.
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Download/ })
      .first()
      .click();
    expect((await downloadedBytes(await download)).subarray(0, 5).toString()).toBe('%PDF-');
  },
);
