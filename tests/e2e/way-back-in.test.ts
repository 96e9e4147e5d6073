// A way back in without the email (decision 041): "Application not found", "Link expired" and the
// status page without a link offer "Get a new status link": any application reference and the
// sponsor licence number. A new link goes to the sponsor email on record, never shown; the page
// answers the same whether or not they matched, and a wrong number emails nothing.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/i18n/languages.ts';
import { signedStatusToken } from './support/status-links.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { at, outboxDrained, receivedMail, textIn, waitForMail } from './support/journey.ts';
import { seedSession, singleComplete } from './support/journey-states.ts';
import { CONTINUE, send } from './support/no-javascript.ts';

const test = useBrowser();

const LICENCE = 'TNBHDW2R7';

/** Sends a single application from a browser of its own, with `email` as the sponsor's: its reference. */
async function sentApplication(email: string): Promise<string> {
  const context = await test.browser.newContext();
  try {
    await seedSession(context, singleComplete({ 'sponsor-email': email, 'sponsor-reference': LICENCE }));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/check-your-answers`);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
    await at(page, '/complete');
    return ((await page.locator('.govuk-panel .app-reference').textContent()) ?? '').trim();
  } finally {
    await context.close();
  }
}

/** The new status links emailed to `email` so far. */
const newLinksTo = async (email: string) =>
  (await receivedMail()).filter((mail) => mail.to === email && mail.subject.includes('new status link'));

describe('a lost status link', () => {
  it('is got again with a reference and the licence number: a wrong number answers alike and emails nothing', async () => {
    const { page } = test;
    const email = `lost-${Math.random().toString(36).slice(2, 10)}@example.org`;
    const reference = await sentApplication(email);

    // The status page without a link offers the way back, and says how to contact the service.
    await page.goto(`${baseUrl()}/status`);
    await page.getByRole('heading', { name: 'Application not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'contact UK Visas and Immigration' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Get a new status link' }).click();
    await at(page, '/get-status-link');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.locator('.govuk-error-summary').waitFor();
    expect(await page.title()).toMatch(/^Error: Get a new status link/);
    expect(await page.locator('.govuk-error-summary').textContent()).toContain('Enter an application reference');
    expect(await axeViolations(page)).toEqual([]);

    await page.fill('#application-reference', reference);
    await page.fill('#sponsor-licence-number', 'WRONG1234');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const wrong = await page.locator('main').textContent();
    expect(await axeViolations(page)).toEqual([]);
    // Every job due has run: none has emailed for the wrong number.
    await outboxDrained();
    expect(await newLinksTo(email)).toEqual([]);

    // The reference as a person may type it: lower case, without its prefix or dashes.
    await page.goto(`${baseUrl()}/get-status-link`);
    await page.fill('#application-reference', reference.replace(/^CWC-/, '').replaceAll('-', '').toLowerCase());
    await page.fill('#sponsor-licence-number', LICENCE.toLowerCase());
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.locator('main').textContent()).toBe(wrong);

    // One email, for the right number only, with a link that opens the statuses.
    const mail = await waitForMail((all) =>
      all.some((m) => m.to === email && m.subject.includes(`new status link for application ${reference}`)),
    );
    expect(await newLinksTo(email)).toHaveLength(1);
    const link = /https?:\/\/\S+\/status\?epat=[\w.-]+/.exec(
      mail.find((m) => m.to === email && m.subject.includes('new status link'))!.text,
    )?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.fill('#sponsor-licence-number', LICENCE);
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByRole('table').waitFor();
    expect(await page.locator('main table tbody tr').count()).toBe(1);
    expect(await page.locator('main table').textContent()).toContain('Ní Bhraonáin');
  });

  it('is got again without JavaScript too, and the expired link page offers the way back', async () => {
    const context = await test.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/status?epat=${await signedStatusToken('lost', { expired: true })}`);
      expect(await page.locator('h1').textContent()).toBe('Link expired');
      await send(page, 'main a[href="/get-status-link"]');
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
      await page.fill('#application-reference', 'CWC-7K3M9-QF2XA-A');
      await page.fill('#sponsor-licence-number', LICENCE);
      await send(page, CONTINUE);
      expect(await page.locator('h1').textContent()).toBe('Check your email');
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(LANGUAGES)('the way back in, in %s', (language) => {
  it('passes axe on every page, its errors included', async () => {
    const context = await test.browser.newContext();
    try {
      await chooseLanguage(context, language);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/status`);
      expect(await page.locator('h1').textContent()).toBe(textIn(language, 'status.notFoundTitle'));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: textIn(language, 'statusRecovery.offerLink') }).click();
      await at(page, '/get-status-link');
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#application-reference', 'CWC-7K3M9-QF2XA-B');
      await page.getByRole('button', { name: textIn(language, 'statusRecovery.submit') }).click();
      await page.locator('.govuk-error-summary').waitFor();
      expect(await page.title()).toMatch(new RegExp(`^${textIn(language, 'page.errorPrefix')}`));
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#application-reference', 'CWC-7K3M9-QF2XA-A');
      await page.fill('#sponsor-licence-number', LICENCE);
      await page.getByRole('button', { name: textIn(language, 'statusRecovery.submit') }).click();
      await page.getByRole('heading', { name: textIn(language, 'statusRecovery.sentTitle') }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
