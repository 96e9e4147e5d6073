import { LANGUAGES, type Language } from '../../src/shared/i18n/languages.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/web/shell/routes.tsx';
import {
  axeViolations,
  baseUrl,
  openBrowser,
  chooseLanguage,
  landmarkCounts,
  ONE_OF_EACH_LANDMARK,
} from './support/browser.ts';

// Every route of the service that this part of the service renders.
const PATHS = [
  '/',
  '/your-contact-details',
  '/sponsor-details',
  '/what-would-you-like-to-do',
  '/nationality',
  '/place-of-departure',
  '/passenger-name',
  '/passenger-date-of-birth',
  '/passport-details',
  '/cos-reference',
  '/travel-details',
  '/work-dates',
  '/reuse-travel-details',
  '/reuse-work-dates',
  '/check-your-answers',
  '/complete',
  '/group-edit',
  '/status',
  '/status/0',
  '/ineligible',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cookies',
  '/check-a-clearance',
  '/feedback',
  '/accessibility',
  '/exit',
  '/save-your-application',
  '/application-saved',
  '/continue-application',
  '/get-status-link',
];

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openIn(language: Language): Promise<Page> {
  const context = await browser.newContext();
  await chooseLanguage(context, language);
  return context.newPage();
}

it('visits every route of the service', () => {
  expect(PATHS).toEqual(ROUTES.map((route) => route.path.replace(':applicantIndex', '0')));
});

it('without JavaScript, shows the page the server rendered, styled, in one main landmark, with no notice that forms cannot be sent', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/cookies`);
  const heading = page.getByRole('heading', { level: 1 });
  expect(await heading.textContent()).toBe('Cookies');
  expect(await heading.isVisible()).toBe(true);
  // The forms are sent to the server (decision 024): nothing says they cannot be.
  expect(await page.locator('main').textContent()).not.toContain('you cannot send answers');
  expect(await page.locator('main form[method="post"]').count()).toBe(1);
  expect(await landmarkCounts(page)).toMatchObject({ main: 1 });
  // Styled by the service's stylesheet, which loads without JavaScript.
  expect(await heading.evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/GDS Transport/);
  expect(await page.getAttribute('meta[name="description"]', 'content')).toMatch(/apply for remote clearance/);
  await context.close();
});

it('the axe check finds a planted violation (so a pass means something)', async () => {
  const page = await openIn('en');
  await page.goto(`${baseUrl()}/`);
  await page.locator('main h1').waitFor();
  await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<input type="text">'));
  expect((await axeViolations(page)).map((v) => v.id)).toContain('label');
  await page.context().close();
});

describe.each(LANGUAGES)('every page in %s', (language) => {
  let page: Page;
  beforeAll(async () => {
    page = await openIn(language);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it.each(PATHS)('%s renders with a title, one h1, one of each landmark and no axe violation', async (path) => {
    await page.goto(`${baseUrl()}${path}`);
    await page.locator('main h1').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(language);
    expect(await page.getAttribute('html', 'dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    expect(await page.locator('h1').count()).toBe(1);
    const h1 = (await page.locator('main h1').textContent())?.trim() ?? '';
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| .+`));
    expect(await landmarkCounts(page)).toEqual(ONE_OF_EACH_LANDMARK);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the cookie banner before and after a choice has no axe violation', async () => {
    const fresh = await openIn(language);
    await fresh.goto(`${baseUrl()}/`);
    await fresh.locator('.govuk-cookie-banner').waitFor();
    await fresh.locator('main h1').waitFor();
    // GOV.UK's order: the banner first, outside the header, then the skip link, then the rest.
    expect(
      await fresh.evaluate(() => {
        const banner = document.querySelector('.govuk-cookie-banner');
        const skipLink = document.querySelector('.govuk-skip-link');
        return {
          bannerInLandmark: banner?.closest('header, main, footer') !== null,
          skipLinkFollowsBanner: Boolean(
            banner && skipLink && banner.compareDocumentPosition(skipLink) & Node.DOCUMENT_POSITION_FOLLOWING,
          ),
          firstFocusableAfterBanner:
            skipLink ===
            document.querySelector(
              'body > #root a:not(.govuk-cookie-banner a), body > #root button:not(.govuk-cookie-banner button)',
            ),
        };
      }),
    ).toEqual({ bannerInLandmark: false, skipLinkFollowsBanner: true, firstFocusableAfterBanner: true });
    expect(await landmarkCounts(fresh)).toEqual(ONE_OF_EACH_LANDMARK);
    expect(await axeViolations(fresh)).toEqual([]);
    await fresh.locator('.govuk-cookie-banner button[value="reject"]').click();
    await fresh.locator('.govuk-cookie-banner [role="alert"]').waitFor();
    expect(await landmarkCounts(fresh)).toEqual(ONE_OF_EACH_LANDMARK);
    expect(await axeViolations(fresh)).toEqual([]);
    await fresh.context().close();
  });

  it('the cookies page after saving has no axe violation', async () => {
    await page.goto(`${baseUrl()}/cookies`);
    await page.locator('#cookies-analytics').check();
    await page.locator('main form button[type="submit"]').click();
    await page.locator('.govuk-notification-banner--success').waitFor();
    expect(await landmarkCounts(page)).toEqual(ONE_OF_EACH_LANDMARK);
    expect(await axeViolations(page)).toEqual([]);
  });
});
