// The feedback page (decision 028), reached from the beta banner of every page: the empty form,
// its errors and the thanks, with and without JavaScript, in English and Arabic, each state
// axe-clean; what is stored holds the rating and the comment and nothing about who gave them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { rowsOf } from './support/database.ts';
import { workerServices } from './support/services.ts';
import { newClientAddress } from './support/client-addresses.ts';

const test = useBrowser();
const databaseUrl = workerServices().manual.databaseUrl;

const TEXTS = {
  en: {
    banner: 'This is a new service – your feedback (opens in new tab) will help us to improve it.',
    title: 'Give feedback on Apply for creative worker visa concession remote clearance',
    send: 'Send feedback',
    required: 'Select how you felt about the service',
    rating: 'Very dissatisfied',
    comment: 'How could we improve this service?',
    thanks: 'Thank you for your feedback',
  },
  ar: {
    banner: 'هذه خدمة جديدة – ستساعدنا ملاحظاتك على تحسينها.',
    title: 'أرسل ملاحظاتك حول خدمة التقديم للحصول على التصريح المسبق عن بُعد لاستثناء تأشيرة العامل الإبداعي',
    send: 'إرسال الملاحظات',
    required: 'اختر مدى رضاك عن الخدمة',
    rating: 'غير راضٍ إطلاقًا',
    comment: 'كيف يمكننا تحسين هذه الخدمة؟',
    thanks: 'شكرًا لك على ملاحظاتك',
  },
} as const;

describe('giving feedback', () => {
  for (const language of ['en', 'ar'] as const)
    for (const javaScriptEnabled of [true, false])
      it(`${language}, ${javaScriptEnabled ? 'with' : 'without'} JavaScript: from the banner, errors, then thanks, axe-clean`, async () => {
        const texts = TEXTS[language];
        // An address of its own, so the feedback budget of one run leaves the next alone.
        const address = { 'x-forwarded-for': newClientAddress() };
        const context = await test.browser.newContext({ javaScriptEnabled, extraHTTPHeaders: address });
        await chooseLanguage(context, language);
        const axe = (page: Page) => (javaScriptEnabled ? axeViolations(page) : axeViolationsWithoutJavaScript(page));
        try {
          const page = await context.newPage();
          await page.goto(`${baseUrl()}/`);
          // The beta banner, under the header, links to the service's own feedback page in the same tab.
          const banner = page.locator('header .govuk-phase-banner');
          expect((await banner.locator('.govuk-phase-banner__text').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
            texts.banner.replace(' (opens in new tab)', ''),
          );
          await banner.locator('a').click();
          await page.waitForURL(`${baseUrl()}/feedback`);
          await page.locator('h1', { hasText: texts.title }).waitFor();
          expect(await axe(page)).toEqual([]);

          const comment = `Feedback ${Date.now()} ${language} ${javaScriptEnabled}\nsecond line`;
          await page.getByLabel(texts.comment).fill(comment);
          await page.getByRole('button', { name: texts.send }).click();
          await page.locator('.govuk-error-summary').waitFor();
          expect(await page.locator('.govuk-error-summary').textContent()).toContain(texts.required);
          expect(await page.title()).toMatch(language === 'en' ? /^Error: / : /^خطأ: /);
          // The comment typed is kept.
          expect(await page.getByLabel(texts.comment).inputValue()).toBe(comment);
          expect(await axe(page)).toEqual([]);

          await page.getByLabel(texts.rating, { exact: true }).check();
          await page.getByRole('button', { name: texts.send }).click();
          await page.locator('h1', { hasText: texts.thanks }).waitFor();
          expect(await axe(page)).toEqual([]);

          if (databaseUrl !== '') {
            const rows = await rowsOf<Record<string, unknown>>('SELECT * FROM feedback WHERE comment = $1', [comment]);
            expect(rows.map((row) => row.rating)).toEqual(['very-dissatisfied']);
            expect(Object.keys(rows[0]!).sort()).toEqual(['comment', 'feedback_id', 'rating', 'received_at']);
          }
        } finally {
          await context.close();
        }
      });
});
