// Arabic pages read as Arabic: dates with Arabic month names, the hidden "Error:" prefix
// translated, and a link with the language chosen opens in that language (decision 018).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, chooseLanguage, useBrowser } from './support/browser.ts';
import { at, inAnyLanguage } from './support/journey.ts';
import { groupWithMembers, run, seedSession, singleComplete } from './support/journey-states.ts';

const test = useBrowser(
  async (context) => {
    await context.addCookies([{ name: 'cookieConsent_analytics', value: 'false', url: baseUrl() }]);
  },
  { oneTab: true },
);

const ENGLISH_MONTH = /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/;
const ARABIC_MONTH = /(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)/;

/** The text of `main`, without what sits in an isolated left-to-right element. */
async function rightToLeftText(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const ltr of copy.querySelectorAll('[dir="ltr"]')) ltr.remove();
    return copy.textContent ?? '';
  });
}

describe('dates on Arabic pages', () => {
  it.each([
    ['/check-your-answers', () => singleComplete()],
    ['/work-dates', () => singleComplete()],
    ['/reuse-travel-details', () => groupWithMembers(2)],
    ['/reuse-work-dates', () => run(groupWithMembers(2), { type: 'reuse', kind: 'travel', choice: '0' })],
  ])('%s names months in Arabic, never in English', async (path, state) => {
    await seedSession(test.context, state(), 'ar');
    await test.page.goto(`${baseUrl()}${path}`);
    await at(test.page, path);
    const text = await rightToLeftText(test.page);
    expect(text).toMatch(ARABIC_MONTH);
    expect(text).not.toMatch(ENGLISH_MONTH);
  });

  it('keeps the service’s English dates on English pages', async () => {
    await seedSession(test.context, singleComplete(), 'en');
    await test.page.goto(`${baseUrl()}/check-your-answers`);
    await at(test.page, '/check-your-answers');
    const text = (await test.page.locator('main').textContent()) ?? '';
    expect(text).toMatch(
      /\d{2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/,
    );
    expect(text).not.toMatch(ARABIC_MONTH);
  });

  it('follows the language when it changes on the page', async () => {
    await seedSession(test.context, singleComplete(), 'en');
    await test.page.goto(`${baseUrl()}/work-dates`);
    await at(test.page, '/work-dates');
    expect(await test.page.locator('#lte-leave-date').textContent()).toMatch(ENGLISH_MONTH);
    await test.page.locator('.govuk-language-navigation a[lang="ar"]').click();
    await test.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await expect.poll(() => test.page.locator('#lte-leave-date').textContent()).toMatch(ARABIC_MONTH);
  });
});

describe('the hidden "Error:" prefix of field errors', () => {
  it.each([
    ['ar', 'خطأ:', /^خطأ: /],
    ['en', 'Error:', /^Error: /],
  ] as const)('is in the page’s language (%s)', async (language, prefix, title) => {
    await seedSession(test.context, singleComplete({ 'family-name': '' }), language);
    await test.page.goto(`${baseUrl()}/passenger-name`);
    await at(test.page, '/passenger-name');
    await test.page.locator('#family-name').fill('');
    await test.page.getByRole('button', { name: inAnyLanguage('apply.continue') }).click();
    const hidden = test.page.locator('#family-name-error .govuk-visually-hidden');
    await hidden.waitFor();
    expect(await hidden.textContent()).toBe(prefix);
    expect(await test.page.title()).toMatch(title);
  });
});

describe('links with a language', () => {
  it.each([
    ['/', 'ar', 'rtl'],
    ['/cookies', 'ar', 'rtl'],
    ['/cookies', 'en', 'ltr'],
  ])('%s?lang=%s opens in that language in a fresh tab, and the choice lasts', async (path, lang, dir) => {
    // A browser where the other language was chosen before: the link wins.
    await chooseLanguage(test.context, lang === 'ar' ? 'en' : 'ar');
    await test.page.goto(`${baseUrl()}${path}?lang=${lang}`);
    await test.page.locator('main h1').waitFor();
    expect(await test.page.getAttribute('html', 'lang')).toBe(lang);
    expect(await test.page.getAttribute('html', 'dir')).toBe(dir);
    // The parameter has done its work: the address no longer carries it.
    expect(new URL(test.page.url()).pathname).toBe(path);
    expect(new URL(test.page.url()).search).toBe('');
    await test.page.reload();
    await test.page.locator('main h1').waitFor();
    expect(await test.page.getAttribute('html', 'lang')).toBe(lang);
  });

  it('writes language links that open the same page in the other language', async () => {
    await test.page.goto(`${baseUrl()}/cookies`);
    await test.page.locator('main h1').waitFor();
    expect(await test.page.locator('.govuk-language-navigation a[lang="ar"]').getAttribute('href')).toBe(
      '/cookies?lang=ar',
    );
  });
});
