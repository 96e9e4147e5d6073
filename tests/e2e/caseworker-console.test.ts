// The caseworker console in Chromium, signed in through the service's local OpenID provider as the
// caseworker, the admin, and an account without a console role. The console has a service of its
// own (MANUAL_REVIEW on), so its queue holds this file's applications only: sent through the API,
// decided on the console's pages, with the sponsor's emails read from the SMTP receiver and the
// status read as the status page reads it. With and without JavaScript; axe on every page.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicantPayload } from '../../src/shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '../../src/shared/api/public-status.ts';
import { newTestKeyPems } from '../../src/server/test-support/test-keys.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';
import { startService, type RunningService } from './global-setup.ts';
import { axeViolations, downloadedBytes, useBrowser } from './support/browser.ts';
import { consoleSignIn, expectAxeClean } from './support/console.ts';
import { waitForMail } from './support/journey.ts';
import { submitForStatusLink } from './support/status-links.ts';

const test = useBrowser();
const { signIn, newSignedInPage } = consoleSignIn(test, () => service);
const LICENCE = FIXTURE_SPONSOR['sponsor-reference'] ?? '';
let service: RunningService;

interface Sent {
  readonly references: string[];
  /** The status link's token, from the sponsor's confirmation email. */
  readonly token: string;
}
/** The applications of the first group (one) and the second (two), oldest first. */
let first: Sent;
let second: Sent;

/** Sends a group of `names` (family names) through the API; its references and status link token. */
async function send(names: readonly string[]): Promise<Sent> {
  const now = new Date();
  const groupId = `CWC-${randomUUID().toUpperCase()}`;
  const body = names.map((name, index) =>
    buildApplicantPayload(
      validApplicantAnswers(now, {
        'what-would-you-like-to-do': names.length > 1 ? 'group-application' : 'single-application',
        'family-name': name,
        'passport-number': `K${String(names.length)}${String(index)}345678`,
        'cos-reference': `C2G8K5${name.slice(0, 3).toUpperCase()}${String(index).padStart(3, '0')}`,
      }),
      FIXTURE_SPONSOR,
      groupId,
      now,
    ),
  );
  const { references, statusLink } = await submitForStatusLink(service.baseUrl, body, service.mailDir);
  return { references, token: new URL(statusLink).searchParams.get('epat') ?? '' };
}

/** The statuses the status page would show for a submission. */
async function statuses(sent: Sent, licence = LICENCE): Promise<{ code: number; statuses: string[] }> {
  const response = await fetch(`${service.baseUrl}${PUBLIC_STATUS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicAccessTokenJWT: sent.token, sponsorLicenceNumber: licence }),
  });
  const body = (await response.json()) as { items?: { status: string }[] };
  return { code: response.status, statuses: (body.items ?? []).map((item) => item.status) };
}

const mailTo = (subject: string) => (m: { to: string; subject: string }) =>
  m.to === FIXTURE_SPONSOR['sponsor-email'] && m.subject.includes(subject);

beforeAll(async () => {
  service = await startService({ manualReview: true, tokenKeys: newTestKeyPems() });
  first = await send(['Oldest']);
  second = await send(['Middle', 'Newest']);
}, 120_000);
afterAll(async () => {
  await service?.close();
});

describe('the caseworker console', () => {
  it('lists the applications in progress oldest first, and approves the oldest: the sponsor is emailed and the status changes', async () => {
    const { page } = test;
    await signIn(page, 'caseworker');
    expect(new URL(page.url()).pathname).toBe('/caseworker');
    const references = await page.locator('tbody tr th a').allTextContents();
    expect(references).toEqual([...first.references, ...second.references]);
    expect(await page.locator('tbody tr').first().locator('.govuk-tag').textContent()).toMatch(/hours left/);
    await expectAxeClean(page);

    await page.locator('tbody tr th a').first().click();
    await page.locator('h1', { hasText: `Application ${first.references[0]}` }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Oldest');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.govuk-notification-banner', { hasText: 'Application approved' }).waitFor();
    expect(await page.locator('main .govuk-tag').first().textContent()).toContain('Approved');
    await expectAxeClean(page);

    await waitForMail(
      (all) => all.some(mailTo(`application ${first.references[0]} approved`)),
      30_000,
      service.mailDir,
    );
    // The sponsor's status page says so.
    const sponsor = await (await test.browser.newContext()).newPage();
    await sponsor.goto(`${service.baseUrl}/status?epat=${first.token}`);
    await sponsor.fill('#sponsor-licence-number', LICENCE);
    await sponsor.getByRole('button', { name: 'Check status' }).click();
    await sponsor.locator('tbody tr', { hasText: 'Approved' }).waitFor();
    await sponsor.context().close();
    // Decided, it has left the queue.
    await page.goto(`${service.baseUrl}/caseworker`);
    expect(await page.locator('tbody tr th a').allTextContents()).toEqual(second.references);
  });

  it('rejects with a reason, without JavaScript, after asking for one', async () => {
    const page = await newSignedInPage('caseworker', false);
    // Found by its passport number.
    await page.fill('#q', 'k20345678');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await page.locator('tbody tr th a').allTextContents()).toEqual([second.references[0]]);
    await expectAxeClean(page, true);
    await page.locator('tbody tr th a').first().click();
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.locator('h1', { hasText: 'Why is application' }).waitFor();
    await page.getByRole('button', { name: 'Reject application' }).click();
    await page.locator('.govuk-error-summary', { hasText: 'Choose why the application is rejected' }).waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    await expectAxeClean(page, true);
    await page.check('input[name="reason"][value="routing"]');
    await page.fill('#note', 'Flight booked from Paris.');
    await page.getByRole('button', { name: 'Reject application' }).click();
    await page.locator('.govuk-notification-banner', { hasText: 'Application rejected' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Flight booked from Paris.');
    // The sponsor hears of a group's decisions together, once the other application is decided (below).
    expect((await statuses(second)).statuses).toEqual(['rejected', 'in-progress']);
    await page.context().close();
  });

  it('tells the second of two staff deciding one application what happened, and changes nothing', async () => {
    const caseworker = test.page;
    await signIn(caseworker, 'caseworker');
    const reference = second.references[1]!;
    await caseworker.goto(`${service.baseUrl}/caseworker/applications/${reference}/reject`);
    await caseworker.check('input[name="reason"][value="late"]');

    const admin = await newSignedInPage('admin');
    await admin.goto(`${service.baseUrl}/caseworker/applications/${reference}`);
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.locator('.govuk-notification-banner', { hasText: 'Application approved' }).waitFor();

    await caseworker.getByRole('button', { name: 'Reject application' }).click();
    await caseworker
      .locator('.govuk-notification-banner', {
        hasText: 'Nothing was changed: Alex Admin (local-admin) made this application approved',
      })
      .waitFor();
    expect(await caseworker.locator('main .govuk-tag').first().textContent()).toContain('Approved');
    await expectAxeClean(caseworker);
    expect((await statuses(second)).statuses).toEqual(['rejected', 'approved']);
    // One email of both decisions.
    const decisions = (m: { to: string; subject: string; text: string }) =>
      mailTo('decisions on 2 applications')(m) && second.references.every((r) => m.text.includes(r));
    const mail = await waitForMail((all) => all.some(decisions), 30_000, service.mailDir);
    expect(mail.filter(decisions)).toHaveLength(1);
    await admin.context().close();
  });

  it('withdraws an approved application with a reason, and the sponsor is emailed', async () => {
    const { page } = test;
    await signIn(page, 'caseworker');
    await page.goto(`${service.baseUrl}/caseworker/applications/${first.references[0]}`);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('button', { name: 'Withdraw application' }).click();
    await page.locator('.govuk-error-summary', { hasText: 'Enter why the application is withdrawn' }).waitFor();
    await expectAxeClean(page);
    await page.fill('#reason', 'The tour was cancelled.');
    await page.getByRole('button', { name: 'Withdraw application' }).click();
    await page.locator('.govuk-notification-banner', { hasText: 'Application withdrawn' }).waitFor();
    await waitForMail(
      (all) => all.some(mailTo(`application ${first.references[0]} withdrawn`)),
      30_000,
      service.mailDir,
    );
    expect((await statuses(first)).statuses).toEqual(['withdrawn']);
  });

  it('ends the licence lockouts: the status page opens again at the address that was locked out', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await statuses(second, 'WRONG1234');
    expect((await statuses(second)).code).toBe(429);

    const { page } = test;
    await signIn(page, 'caseworker');
    await page.goto(`${service.baseUrl}/caseworker/applications/${second.references[0]}`);
    expect(await page.locator('main').textContent()).toContain('Locked out at 1 address');
    await page.getByRole('button', { name: 'End the licence lockouts' }).click();
    await page.locator('.govuk-notification-banner', { hasText: 'The licence lockouts have ended' }).waitFor();
    await expectAxeClean(page);
    expect(await statuses(second)).toEqual({ code: 200, statuses: ['rejected', 'approved'] });

    // And a new status link, to the sponsor's stored email address.
    await page.getByRole('button', { name: 'Send the status link again' }).click();
    await page.locator('.govuk-notification-banner', { hasText: 'A new status link will be emailed' }).waitFor();
    await waitForMail((all) => all.some(mailTo('new status link for 2 applications')), 30_000, service.mailDir);
  });

  it('has nothing for axe to find on the pages the tests above did not check', async () => {
    const { page } = test;
    await signIn(page, 'caseworker');
    const reference = second.references[0]!;
    for (const path of [
      '/caseworker?show=decided-today',
      '/caseworker?show=withdrawn',
      '/caseworker/audit',
      '/caseworker/no-such-page',
      `/caseworker/applications/${reference}/withdraw`,
      `/caseworker/applications/CWC-00000-00000-0`,
      '/caseworker/signed-out',
    ]) {
      await page.goto(`${service.baseUrl}${path}`);
      await page.locator('main h1').waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    const admin = await newSignedInPage('admin');
    await admin.goto(`${service.baseUrl}/caseworker/export`);
    expect(await axeViolations(admin)).toEqual([]);
    await admin.context().close();
    await page.context().clearCookies();
    await page.goto(`${service.baseUrl}/caseworker/timed-out`);
    await page.locator('h1', { hasText: 'You have been signed out' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('refuses an account without a console role, with 403', async () => {
    const { page } = test;
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/caseworker/auth/callback')) answers.push(response.status());
    });
    await signIn(page, 'visitor');
    await page.locator('h1', { hasText: 'You do not have access to the caseworker console' }).waitFor();
    expect(answers).toEqual([403]);
    await expectAxeClean(page);
    // No session was made: the console sends them to the provider again, which knows them and
    // sends them back, refused again.
    await page.goto(`${service.baseUrl}/caseworker`);
    await page.locator('h1', { hasText: 'You do not have access to the caseworker console' }).waitFor();
    expect(answers).toEqual([403, 403]);
  });

  it('shows the admin every action above in the audit log, with who did it, and exports the decisions without passport numbers', async () => {
    const caseworkerPage = await newSignedInPage('caseworker');
    await caseworkerPage.goto(`${service.baseUrl}/caseworker/audit`);
    expect(await caseworkerPage.locator('h1').textContent()).toBe('You do not have access to this page');
    await caseworkerPage.context().close();

    const { page } = test;
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'Audit log' }).click();
    const rows = async () =>
      (
        await page
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? '')))
      ).map(([, who, what, application]) => `${who} | ${what} | ${application}`);
    // The decisions and actions, among the lines of who came and what they looked at.
    const access = / \| (Signed in|Sign-in refused|Signed out|Application viewed|Searched) \| /;
    const all = await rows();
    expect(all).toContain('Val Visitor (local-visitor) | Sign-in refused | ');
    expect(all).toContain(`Casey Worker (local-caseworker) | Application viewed | ${first.references[0]}`);
    expect(all.filter((row) => !access.test(row))).toEqual([
      `Casey Worker (local-caseworker) | Status link sent again | ${second.references[0]}`,
      `Casey Worker (local-caseworker) | Licence lockouts ended | ${second.references[0]}`,
      `Casey Worker (local-caseworker) | Withdrawn | ${first.references[0]}`,
      `Alex Admin (local-admin) | Approved | ${second.references[1]}`,
      `Casey Worker (local-caseworker) | Rejected | ${second.references[0]}`,
      `Casey Worker (local-caseworker) | Approved | ${first.references[0]}`,
    ]);
    await expectAxeClean(page);
    await page.selectOption('#action', 'reject');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await rows()).toEqual([`Casey Worker (local-caseworker) | Rejected | ${second.references[0]}`]);
    await page.fill('#from', 'yesterday');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('.govuk-error-summary').waitFor();
    await expectAxeClean(page);

    await page.getByRole('link', { name: 'Export decisions' }).click();
    await page.getByRole('button', { name: 'Download CSV file' }).click();
    await page.locator('.govuk-error-summary').waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    await expectAxeClean(page);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    await page.fill('#from', today);
    await page.fill('#to', today);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV file' }).click(),
    ]);
    const csv = (await downloadedBytes(download)).toString('utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^reference,/);
    expect(lines).toHaveLength(4);
    for (const reference of [...first.references, ...second.references]) expect(csv).toContain(reference);
    expect(csv).not.toMatch(/K\d\d345678/);
    // Who decided, by name and id.
    expect(csv).toContain(',Casey Worker (local-caseworker),');
  });

  it('warns before the session times out, and "Stay signed in" keeps it', async () => {
    const { page } = test;
    await page.clock.install();
    await signIn(page, 'caseworker');
    const dialog = page.getByRole('dialog', { name: 'You’re about to be signed out' });
    expect(await dialog.isVisible()).toBe(false);
    await page.clock.fastForward('28:30');
    await dialog.waitFor();
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/caseworker');
  });

  it('signs out of the console and the provider: the next visit asks for the password again', async () => {
    const { page } = test;
    await signIn(page, 'caseworker');
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The provider asks before it ends its own session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('h1', { hasText: 'You have signed out' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/caseworker/signed-out');
    await expectAxeClean(page);
    await page.goto(`${service.baseUrl}/caseworker`);
    await page.locator('#password').waitFor();
  });
});
