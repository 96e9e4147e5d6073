import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, launchBrowser } from './support/browser.ts';

// Every route of spec §2 that this part of the service renders.
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
  '/accessibility',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openIn(language: 'en' | 'ar'): Promise<Page> {
  const context = await browser.newContext();
  // The language choice lasts for the session, so set it before the app starts.
  await context.addInitScript((lang) => sessionStorage.setItem('lang', lang), language);
  return context.newPage();
}

it('the axe check finds a planted violation (so a pass means something)', async () => {
  const page = await openIn('en');
  await page.goto(`${baseUrl()}/`);
  await page.locator('main h1').waitFor();
  await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<input type="text">'));
  expect((await axeViolations(page)).map((v) => v.id)).toContain('label');
  await page.context().close();
});

describe.each(['en', 'ar'] as const)('every page in %s', (language) => {
  let page: Page;
  beforeAll(async () => {
    page = await openIn(language);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it.each(PATHS)('%s renders with a title, one h1 and no axe violation', async (path) => {
    await page.goto(`${baseUrl()}${path}`);
    await page.locator('main h1').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(language);
    expect(await page.getAttribute('html', 'dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    expect(await page.locator('h1').count()).toBe(1);
    const h1 = (await page.locator('main h1').textContent())?.trim() ?? '';
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| .+`));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the cookie banner before and after a choice has no axe violation', async () => {
    const fresh = await openIn(language);
    await fresh.goto(`${baseUrl()}/`);
    await fresh.locator('.govuk-cookie-banner').waitFor();
    expect(await axeViolations(fresh)).toEqual([]);
    await fresh.locator('.govuk-cookie-banner button[value="reject"]').click();
    await fresh.locator('.govuk-cookie-banner [role="alert"]').waitFor();
    expect(await axeViolations(fresh)).toEqual([]);
    await fresh.context().close();
  });

  it('the cookies page after saving has no axe violation', async () => {
    await page.goto(`${baseUrl()}/cookies`);
    await page.locator('#cookies-analytics').check();
    await page.locator('form button[type="submit"]').click();
    await page.locator('.govuk-notification-banner--success').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
