// An application's page in the console, in Chromium, signed in through the local OpenID provider:
// the values in words with the deciding facts first, a banner only for what was just done, and a
// group approved as a group (one confirmation page, one email), with and without JavaScript;
// axe on every page. The service is this file's own (MANUAL_REVIEW on), so its queue and its
// emails are these tests' only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicantPayload } from '../../src/shared/api/new-from-concession.ts';
import { newTestKeyPems } from '../../src/server/test-support/test-keys.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';
import { startService, type RunningService } from './global-setup.ts';
import { useBrowser } from './support/browser.ts';
import { consoleSignIn, expectAxeClean } from './support/console.ts';
import { waitForMail } from './support/journey.ts';
import { submitForStatusLink } from './support/status-links.ts';

const test = useBrowser();
const { newSignedInPage } = consoleSignIn(test, () => service);
let service: RunningService;

/** Sends a group of `names` (family names) through the API; its references. */
async function send(names: readonly string[]): Promise<string[]> {
  const now = new Date();
  const groupId = `CWC-${randomUUID().toUpperCase()}`;
  const body = names.map((name, index) =>
    buildApplicantPayload(
      validApplicantAnswers(now, {
        'what-would-you-like-to-do': names.length > 1 ? 'group-application' : 'single-application',
        'family-name': name,
        'passport-number': `G${String(names.length)}${String(index)}${name.length}45678`,
        'cos-reference': `C2G8K5${name.slice(0, 3).toUpperCase()}${String(index).padStart(3, '0')}`,
      }),
      FIXTURE_SPONSOR,
      groupId,
      now,
    ),
  );
  return (await submitForStatusLink(service.baseUrl, body, service.mailDir)).references;
}

const decisionsMail = (references: readonly string[]) => (m: { to: string; subject: string; text: string }) =>
  m.to === FIXTURE_SPONSOR['sponsor-email'] &&
  m.subject.includes(`${references.length} applications approved`) &&
  references.every((reference) => m.text.includes(reference));

beforeAll(async () => {
  service = await startService({ manualReview: true, tokenKeys: newTestKeyPems() });
}, 120_000);
afterAll(async () => {
  await service?.close();
});

describe('an application’s page in the console', () => {
  it('shows the deciding facts first and every value in words, and no banner an address asks for', async () => {
    const [reference] = await send(['Readable']);
    const page = await newSignedInPage('caseworker');
    await page.goto(`${service.baseUrl}/caseworker/applications/${reference}?done=approve`);
    await page.locator('h1', { hasText: `Application ${reference}` }).waitFor();
    expect(await page.locator('.govuk-notification-banner').count()).toBe(0);

    const summary = page.locator('h2#summary + .govuk-summary-list');
    const facts = await summary
      .locator('.govuk-summary-list__row')
      .evaluateAll((rows) => rows.map((row) => row.textContent?.replace(/\s+/g, ' ').trim() ?? ''));
    expect(facts[0]).toBe('Name Readable, Eithne Patricia');
    expect(facts).toContain('Nationality USA - American');
    expect(facts).toContain('Date of birth 17 May 1990');
    expect(facts.some((fact) => /^Date of arrival in the UK \d{2} [A-Z][a-z]+ \d{4}$/.test(fact))).toBe(true);
    expect(facts.some((fact) => fact.startsWith('Route By plane: Dublin Airport to London Heathrow Airport'))).toBe(
      true,
    );
    expect(facts.some((fact) => fact.startsWith('Automated checks Passed, waiting for a caseworker'))).toBe(true);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.toMatch(/\d{4}-\d{2}-\d{2}|PersonListed|under1Month|In progress to In progress/);
    expect(main).toContain('How will the temporary worker arrive in the UK?');
    await expectAxeClean(page);
    await page.context().close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`approves the group’s applications that passed in one action, ${javaScriptEnabled ? 'with' : 'without'} JavaScript: one page to confirm, one email`, async () => {
      const references = await send(javaScriptEnabled ? ['Alpha', 'Bravo', 'Charlie'] : ['Delta', 'Echo']);
      const page = await newSignedInPage('caseworker', javaScriptEnabled);
      await page.goto(`${service.baseUrl}/caseworker/applications/${references[0]}`);
      const group = await page.locator('#group + .app-table-wrapper tbody tr').allTextContents();
      expect(group).toHaveLength(references.length);
      for (const row of group) expect(row).toContain('Passed, waiting for a caseworker');
      await page.getByRole('button', { name: `Approve the ${references.length} applications that passed` }).click();

      await page.locator('h1', { hasText: `Approve ${references.length} applications` }).waitFor();
      expect(await page.locator('main tbody tr th').allTextContents()).toEqual(
        references.map((reference, index) => (index === 0 ? `${reference} (this application)` : reference)),
      );
      await expectAxeClean(page, !javaScriptEnabled);
      await page.getByRole('button', { name: `Approve ${references.length} applications` }).click();

      await page
        .locator('.govuk-notification-banner', { hasText: `${references.length} applications approved` })
        .waitFor();
      expect(await page.locator('main .govuk-tag').first().textContent()).toContain('Approved');
      await expectAxeClean(page, !javaScriptEnabled);
      // Once: the page opened again confirms nothing.
      await page.reload();
      await page.locator('h1').waitFor();
      expect(await page.locator('.govuk-notification-banner').count()).toBe(0);

      const mail = await waitForMail((all) => all.some(decisionsMail(references)), 30_000, service.mailDir);
      expect(mail.filter(decisionsMail(references))).toHaveLength(1);
      expect(mail.filter((m) => references.some((r) => m.subject.includes(`application ${r} approved`)))).toEqual([]);
      await page.context().close();
    });
  }
});
