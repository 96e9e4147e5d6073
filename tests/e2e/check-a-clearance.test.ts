// The pre-clearance document checked as an officer or an employer would (decision 027): a sponsor's
// application approved by the caseworker command, its document downloaded from the status page,
// the QR code read from the rendered page and opened on a narrow phone, with and without
// JavaScript, in English and Arabic; the check code typed with the date of birth; then the
// application withdrawn, which the same link, the status page and the sponsor's email all say.
// Needs the service on PostgreSQL (DATABASE_URL), the only database the caseworker command can
// share with a running server.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfQrCodes } from '../../src/server/test-support/pdf-qr-codes.ts';
import { pdfPageTexts } from '../../src/server/test-support/pdf-text.ts';
import { caseworker } from './support/caseworker.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  useBrowser,
  downloadedBytes,
} from './support/browser.ts';
import {
  SPONSOR,
  addToGroup,
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  waitForMail,
  worker,
} from './support/journey.ts';
import { workerServices } from './support/services.ts';
import { newClientAddress } from './support/client-addresses.ts';

const test = useBrowser();
const databaseUrl = workerServices().manual.databaseUrl;

const heading = (page: Page) => page.locator('h1').textContent();

/** GOV.UK's green (success) and red (error), as the browser computes them. */
const GREEN = 'rgb(15, 122, 82)';
const RED = 'rgb(202, 53, 53)';

/** The background of the answer's panel: the answer told at a glance, not only in words. */
const panelColour = (page: Page) =>
  page.locator('.govuk-panel').evaluate((panel) => getComputedStyle(panel).backgroundColor);

/** Types the check code and the date of birth (17 5 1990, the sample worker's) and checks. */
async function typeCheck(page: Page, code: string, day = '17'): Promise<void> {
  await page.fill('#check-code', code);
  await page.fill('#date-of-birth-day', day);
  await page.fill('#date-of-birth-month', '5');
  await page.fill('#date-of-birth-year', '1990');
  await page.getByRole('button', { name: 'Check document' }).click();
}

describe.skipIf(databaseUrl === '')('checking a pre-clearance document', () => {
  it(
    'is valid by its QR code and its check code, then withdrawn everywhere once the caseworker withdraws it',
    { timeout: 240_000 },
    async () => {
      const { page, browser } = test;
      await answerSponsor(page, 'group-application');
      await answerWorker(page, worker('Ó Súilleabháin', { givenNames: 'Seán' }));
      await answerTravel(page);
      await answerWorkDates(page);
      await at(page, '/check-your-answers');
      await addToGroup(page);
      await page.getByRole('button', { name: 'Submit applications' }).click();
      await at(page, '/complete');
      const reference = await page.locator('.app-reference').first().textContent();
      const mail = await waitForMail((all) => all.some((m) => m.to === SPONSOR.email && m.text.includes(reference!)));
      const statusLink = new RegExp(`${baseUrl()}/status\\?epat=[\\w.-]+`).exec(
        mail.find((m) => m.to === SPONSOR.email && m.text.includes(reference!))!.text,
      )![0];

      await caseworker('approve', reference!);
      await page.goto(statusLink);
      await page.fill('#sponsor-licence-number', SPONSOR.reference);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.locator('table').waitFor();
      const download = page.waitForEvent('download');
      await page.locator('tbody tr').first().getByRole('button', { name: 'Download' }).click();
      const pdf = await downloadedBytes(await download);

      // The document, read as a phone and as a person read it.
      const [qrLink] = await pdfQrCodes(pdf);
      expect(qrLink).toMatch(new RegExp(`^${baseUrl()}/check-a-clearance\\?t=[\\w.-]+$`));
      const [text] = await pdfPageTexts(pdf);
      expect(text).toContain('Remote clearance granted');
      const checkCode = /Check code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z])/.exec(text!)![1]!;

      // An officer's phone: 320 CSS pixels wide, with and without JavaScript.
      for (const javaScriptEnabled of [true, false]) {
        const phone = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled });
        const officer = await phone.newPage();
        await officer.goto(qrLink!);
        await officer.locator('h1', { hasText: 'This clearance is valid' }).waitFor();
        const shown = (await officer.locator('main').textContent())!;
        for (const value of ['Seán Ó Súilleabháin', reference!, checkCode, SPONSOR.name, 'Checked on'])
          expect(shown).toContain(value);
        // What matches the worker in front of the officer: the date of birth, the nationality and
        // the passport number's ending, the rest masked; valid in GOV.UK's green panel.
        for (const value of ['17 May 1990', 'USA - American', '•••••••123']) expect(shown).toContain(value);
        expect(shown).not.toContain('PSILLEA123');
        expect(await panelColour(officer)).toBe(GREEN);
        expect(await officer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
        const violations = javaScriptEnabled
          ? await axeViolations(officer)
          : await axeViolationsWithoutJavaScript(officer);
        expect(violations).toEqual([]);
        // In Arabic, right to left.
        await officer.getByRole('link', { name: 'العربية' }).click();
        await officer.locator('h1', { hasText: 'هذا التصريح ساري المفعول' }).waitFor();
        expect(await officer.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(
          javaScriptEnabled ? await axeViolations(officer) : await axeViolationsWithoutJavaScript(officer),
        ).toEqual([]);
        // And in Welsh.
        await officer.getByRole('link', { name: 'Cymraeg' }).click();
        await officer.locator('h1', { hasText: 'Mae’r cliriad hwn yn ddilys' }).waitFor();
        expect(await officer.locator('main').textContent()).toContain('17 Mai 1990');
        expect(
          javaScriptEnabled ? await axeViolations(officer) : await axeViolationsWithoutJavaScript(officer),
        ).toEqual([]);
        await officer.getByRole('link', { name: 'English' }).click();
        await officer.locator('h1', { hasText: 'This clearance is valid' }).waitFor();
        await phone.close();
      }

      // The check code typed with the date of birth; a wrong date of birth, a made-up code and a
      // tampered token each find nothing, and say nothing more.
      await page.goto(`${baseUrl()}/check-a-clearance`);
      await page.getByRole('button', { name: 'Check document' }).click();
      await page.locator('.govuk-error-summary', { hasText: 'Enter the check code' }).waitFor();
      expect(await page.title()).toMatch(/^Error: Check a pre-clearance document/);
      expect(await axeViolations(page)).toEqual([]);
      await typeCheck(page, checkCode.toLowerCase().replace(/-/g, ' '));
      await page.locator('h1', { hasText: 'This clearance is valid' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await page.getByRole('link', { name: 'Check another document' }).click();
      await typeCheck(page, checkCode, '18');
      await page.locator('h1', { hasText: 'This document is not valid' }).waitFor();
      expect(await panelColour(page)).toBe(RED);
      expect(await axeViolations(page)).toEqual([]);
      // "Check another document" keeps the code typed, not the date of birth.
      await page.getByRole('link', { name: 'Check another document' }).click();
      await page.locator('h1', { hasText: 'Check a pre-clearance document' }).waitFor();
      expect(await page.inputValue('#check-code')).toBe(checkCode);
      expect(await page.inputValue('#date-of-birth-day')).toBe('');
      // Without JavaScript too.
      const formOnly = await browser.newContext({ javaScriptEnabled: false });
      const noScriptForm = await formOnly.newPage();
      await noScriptForm.goto(`${baseUrl()}/check-a-clearance`);
      await typeCheck(noScriptForm, checkCode, '18');
      await noScriptForm.locator('h1', { hasText: 'This document is not valid' }).waitFor();
      expect(await panelColour(noScriptForm)).toBe(RED);
      expect(await axeViolationsWithoutJavaScript(noScriptForm)).toEqual([]);
      await noScriptForm.getByRole('link', { name: 'Check another document' }).click();
      await noScriptForm.locator('h1', { hasText: 'Check a pre-clearance document' }).waitFor();
      expect(await noScriptForm.inputValue('#check-code')).toBe(checkCode);
      expect(await axeViolationsWithoutJavaScript(noScriptForm)).toEqual([]);
      await formOnly.close();
      const madeUp = checkCode.startsWith('0') ? checkCode.replace(/^0/, '1') : checkCode.replace(/^./, '0');
      await typeCheck(page, madeUp);
      // A made-up code either fails its check character (an error) or finds nothing.
      await page.locator('h1, .govuk-error-summary').first().waitFor();
      expect(await heading(page)).not.toBe('This clearance is valid');
      const [head, claims, signature] = new URL(qrLink!).searchParams.get('t')!.split('.');
      const tampered = Buffer.from(Buffer.from(claims!, 'base64url').toString().replace('Seán', 'Sean')).toString(
        'base64url',
      );
      await page.goto(`${baseUrl()}/check-a-clearance?t=${head}.${tampered}.${signature}`);
      await page.locator('h1', { hasText: 'This document is not valid' }).waitFor();

      // Withdrawn: the same link says so, the status page offers no download, the sponsor is told.
      await caseworker('withdraw', reference!);
      await page.goto(qrLink!);
      await page.locator('h1', { hasText: 'This clearance has been withdrawn' }).waitFor();
      expect(await page.locator('.govuk-warning-text').textContent()).toContain(
        'The pre-clearance document must not be used.',
      );
      expect(await panelColour(page)).toBe(RED);
      expect(await page.locator('.govuk-panel').textContent()).toContain(`Application reference ${reference!}`);
      expect(await axeViolations(page)).toEqual([]);
      // In Arabic, without JavaScript.
      const plain = await browser.newContext({ javaScriptEnabled: false });
      const noScript = await plain.newPage();
      await noScript.goto(qrLink!);
      await noScript.getByRole('link', { name: 'العربية' }).click();
      await noScript.locator('h1', { hasText: 'سُحب هذا التصريح' }).waitFor();
      expect(await noScript.locator('.govuk-panel').textContent()).toContain(reference!);
      expect(await axeViolationsWithoutJavaScript(noScript)).toEqual([]);
      await noScript.getByRole('link', { name: 'Cymraeg' }).click();
      await noScript.locator('h1', { hasText: 'Mae’r cliriad hwn wedi cael ei dynnu’n ôl' }).waitFor();
      expect(await panelColour(noScript)).toBe(RED);
      expect(await axeViolationsWithoutJavaScript(noScript)).toEqual([]);
      await plain.close();
      await page.goto(statusLink);
      await page.fill('#sponsor-licence-number', SPONSOR.reference);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.locator('table').waitFor();
      const row = page.locator('tbody tr').first();
      expect(await row.textContent()).toContain('Do not use any pre-clearance document for this worker');
      expect(await row.getByRole('button', { name: 'Download' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Download approved applications' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      const withdrawal = await waitForMail((all) =>
        all.some(
          (m) =>
            m.to === SPONSOR.email && m.subject === `Creative worker concession: application ${reference} withdrawn`,
        ),
      );
      expect(
        withdrawal.find((m) => m.subject === `Creative worker concession: application ${reference} withdrawn`)!.text,
      ).toContain('Do not use the pre-clearance document');
    },
  );
});

describe('the check page', () => {
  it('asks, shows its errors and answers without JavaScript too, in English and Arabic, axe-clean', async () => {
    const context = await test.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl()}/check-a-clearance`);
      expect(await heading(page)).toBe('Check a pre-clearance document');
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
      await page.fill('#check-code', 'K3M9-QF2X-Z');
      await page.getByRole('button', { name: 'Check document' }).click();
      await page.locator('.govuk-error-summary').waitFor();
      expect(await page.locator('.govuk-error-summary').textContent()).toContain(
        'Enter the check code exactly as it is printed on the document',
      );
      expect(await page.inputValue('#check-code')).toBe('K3M9-QF2X-Z');
      expect(await page.title()).toMatch(/^Error: /);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
      await page.getByRole('link', { name: 'العربية' }).click();
      await page.locator('h1', { hasText: 'التحقق من وثيقة تصريح مسبق' }).waitFor();
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
      await page.getByRole('button', { name: 'التحقق من الوثيقة' }).click();
      await page.locator('.govuk-error-summary', { hasText: 'أدخل رمز التحقق' }).waitFor();
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
      await page.getByRole('link', { name: 'English' }).click();
      await page.goto(`${baseUrl()}/check-a-clearance?t=not.a-token.at-all`);
      expect(await heading(page)).toBe('This document is not valid');
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with JavaScript, in Arabic: the question, its errors and an answer, axe-clean', async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/check-a-clearance?lang=ar`);
    await page.locator('h1', { hasText: 'التحقق من وثيقة تصريح مسبق' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'التحقق من الوثيقة' }).click();
    await page.locator('.govuk-error-summary', { hasText: 'أدخل تاريخ الميلاد' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${baseUrl()}/check-a-clearance?t=not.a-token.at-all&lang=ar`);
    await page.locator('h1', { hasText: 'هذه الوثيقة غير صالحة' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('past the limit of checks that found nothing, says when to try again, never "not valid", axe-clean in English and Arabic', async () => {
    // One connection, with and without JavaScript.
    const address = { 'x-forwarded-for': newClientAddress() };
    const plain = await test.browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: address });
    const scripted = await test.browser.newContext({ extraHTTPHeaders: address });
    try {
      const page = await plain.newPage();
      // Four links whose token does not verify find nothing; then the connection waits a minute.
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await page.goto(`${baseUrl()}/check-a-clearance?t=made.up-${attempt}.token`);
        expect(await heading(page)).toBe('This document is not valid');
      }
      const locked = await page.goto(`${baseUrl()}/check-a-clearance?t=made.up.token`);
      expect(locked?.status()).toBe(429);
      expect(Number(locked?.headers()['retry-after'])).toBeGreaterThan(0);
      expect(await heading(page)).toBe('Too many checks from your connection');
      const shown = (await page.locator('main').textContent())!;
      expect(shown).toMatch(/Try again at \d{2}:\d{2} \(UK time\)/);
      expect(shown).toContain('The document has not been checked');
      expect(shown).not.toContain('not valid');
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
      await page.getByRole('link', { name: 'العربية' }).click();
      await page.locator('h1', { hasText: 'محاولات تحقق كثيرة جدًا من اتصالك' }).waitFor();
      expect(await page.locator('main').textContent()).toMatch(/حاول مرة أخرى في الساعة \d{2}:\d{2}/);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);

      const withScript = await scripted.newPage();
      await withScript.goto(`${baseUrl()}/check-a-clearance`);
      await typeCheck(withScript, 'K3M9-QF2X-F');
      await withScript.locator('h1', { hasText: 'Too many checks from your connection' }).waitFor();
      expect(await withScript.locator('main').textContent()).toMatch(/Try again at \d{2}:\d{2} \(UK time\)/);
      expect(await axeViolations(withScript)).toEqual([]);
      await withScript.goto(`${baseUrl()}/check-a-clearance?lang=ar`);
      await withScript.fill('#check-code', 'K3M9-QF2X-F');
      await withScript.fill('#date-of-birth-day', '17');
      await withScript.fill('#date-of-birth-month', '5');
      await withScript.fill('#date-of-birth-year', '1990');
      await withScript.getByRole('button', { name: 'التحقق من الوثيقة' }).click();
      await withScript.locator('h1', { hasText: 'محاولات تحقق كثيرة جدًا من اتصالك' }).waitFor();
      expect(await axeViolations(withScript)).toEqual([]);
    } finally {
      await plain.close();
      await scripted.close();
    }
  });
});
