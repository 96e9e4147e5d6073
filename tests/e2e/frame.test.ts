import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  // A choice already made, so the cookie banner does not sit before the skip link in these tests.
  await context.addCookies([{ name: 'cookieConsent_analytics', value: 'false', url: baseUrl() }]);
  page = await context.newPage();
  consoleErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});
afterEach(async () => {
  await context.close();
});

const SERVICE = 'Creative worker visa concession remote clearance';

describe('the shared frame', () => {
  it('serves the start page with the frame, a start button and no CSP violation', async () => {
    const response = await page.goto(`${baseUrl()}/`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.locator('main h1').waitFor();
    expect(await page.title()).toMatch(new RegExp(`\\| ${SERVICE}$`));
    expect(await page.locator('.govuk-skip-link').textContent()).toBe('Skip to main content');
    expect(await page.locator('.govuk-service-navigation').textContent()).toContain(SERVICE);
    expect(await page.locator('.govuk-button--start').textContent()).toContain('Start now');
    const footerLinks = await page.locator('.govuk-footer__inline-list a').allTextContents();
    expect(footerLinks).toEqual(['Feedback (opens in new tab)', 'Terms and conditions', 'Privacy', 'Cookies', 'Accessibility statement']);
    expect(await page.locator('.govuk-footer__inline-list a').first().getAttribute('target')).toBe('_blank');
    expect(await page.locator('a', { hasText: 'Exit to GOV.UK' }).getAttribute('href')).toBe('https://www.gov.uk/');
    // No back link on the first page of a visit.
    expect(await page.locator('.govuk-back-link').count()).toBe(0);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('starts the journey with the start button, then goes back with "Go back"', async () => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('.govuk-button--start').click();
    await page.waitForURL(`${baseUrl()}/your-contact-details`);
    await page.locator('main h1').waitFor();
    const back = page.locator('.govuk-back-link');
    expect(await back.textContent()).toBe('Go back');
    expect(await back.getAttribute('href')).toBe('/');
    await back.click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(await page.locator('.govuk-back-link').count()).toBe(0);
  });

  it('redirects an unknown path to / replacing the history entry', async () => {
    await page.goto(`${baseUrl()}/cookies`);
    await page.locator('main h1').waitFor();
    await page.goto(`${baseUrl()}/no/such/page?x=1`);
    await page.waitForURL(`${baseUrl()}/`);
    await page.locator('.govuk-button--start').waitFor();
    await page.goBack();
    // The unknown address is not in the history: going back returns to the page before it.
    await page.waitForURL(`${baseUrl()}/cookies`);
  });

  it('shows an announced spinner while a page loads', async () => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('main h1').waitFor();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/terms-page.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('.govuk-footer a', { hasText: 'Terms and conditions' }).click();
    const spinner = page.locator('[role="status"]', { hasText: 'Loading page' });
    await spinner.waitFor();
    expect(await spinner.isVisible()).toBe(true);
    release();
    await page.locator('main h1', { hasText: 'Terms and conditions' }).waitFor();
    expect(await spinner.count()).toBe(0);
  });

  it('moves focus and scroll to the top of the new page on navigation', async () => {
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto(`${baseUrl()}/privacy-policy`);
    await page.locator('main h1').waitFor();
    const link = page.locator('.govuk-footer a', { hasText: 'Accessibility statement' });
    await link.focus();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.press('Enter');
    await page.locator('main h1', { hasText: /ccessibility/ }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // The next Tab reaches the first thing on the page: the skip link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('govuk-skip-link');
  });

  it('skips to the main content', async () => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('switches to Arabic, mirrors the layout, and remembers the choice for the session', async () => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('main h1').waitFor();
    const bulletPadding = () =>
      page.locator('main .govuk-list--bullet').first().evaluate((el) => {
        const style = getComputedStyle(el);
        return { left: style.paddingLeft, right: style.paddingRight };
      });
    const ltr = await bulletPadding();
    expect(ltr.left).toBe('20px');
    await page.locator('.govuk-language-navigation a[lang="ar"]').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    const rtl = await bulletPadding();
    expect(rtl).toEqual({ left: ltr.right, right: ltr.left });
    expect(await page.locator('.govuk-skip-link').textContent()).toBe('انتقل إلى المحتوى الرئيسي');
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.title()).toContain('التصريح المسبق');
    await page.locator('.govuk-language-navigation a[lang="en"]').click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('shows "Error: " in the title only while a page shows errors (cookies page has none)', async () => {
    await page.goto(`${baseUrl()}/cookies`);
    await page.locator('main h1').waitFor();
    expect(await page.title()).toBe(`Cookies | ${SERVICE}`);
  });

  it('shows "Unexpected Application Error!" when a page fails to load', async () => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('main h1').waitFor();
    await page.route(/privacy-page.*\.js$/, (route) => route.abort());
    await page.locator('.govuk-footer a', { hasText: 'Privacy' }).click();
    await page.locator('main h1', { hasText: 'Unexpected Application Error!' }).waitFor();
    expect(await page.title()).toBe(`Unexpected Application Error! | ${SERVICE}`);
  });
});
