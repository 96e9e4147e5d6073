import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.ts';

let analyticsRequests: Request[] = [];
const test = useBrowser(async (context) => {
  analyticsRequests = [];
  // The analytics script is served locally in tests; what matters is when it is asked for.
  await context.route(/googletagmanager\.com|google-analytics\.com/, async (route) => {
    analyticsRequests.push(route.request());
    await route.fulfill({ contentType: 'text/javascript', body: 'document.cookie = "_ga=GA1.1.test; path=/";' });
  });
});

const banner = () => test.page.locator('.govuk-cookie-banner');
// The cookies a choice is about: the form token (an essential cookie, listed on the cookies page)
// is set by the server on every first visit.
const cookies = async () =>
  Object.fromEntries((await test.context.cookies()).filter((c) => c.name !== 'formToken').map((c) => [c.name, c]));
const dataLayer = () =>
  test.page.evaluate(
    () => JSON.parse(JSON.stringify((window as { dataLayer?: unknown[] }).dataLayer ?? null)) as unknown,
  );

describe('cookie banner and analytics', () => {
  it('asks before a choice, and nothing analytic happens before consent', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await banner().waitFor();
    expect(await banner().locator('h2').textContent()).toContain(
      'Cookies on creative worker visa concession remote clearance',
    );
    expect(await banner().locator('button').allTextContents()).toEqual([
      'Accept analytics cookies',
      'Reject analytics cookies',
    ]);
    expect(await banner().locator('a', { hasText: 'View cookies' }).getAttribute('href')).toBe('/cookies');
    expect(Object.keys(await cookies())).toEqual([]);
    expect(analyticsRequests).toEqual([]);
    expect(await dataLayer()).toBeNull();
  });

  it('accepting sets the consent cookie for a year, loads analytics and confirms until Hide', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await banner().locator('button', { hasText: 'Accept analytics cookies' }).click();
    const confirmation = banner().locator('[role="alert"]');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain('You’ve accepted analytics cookies.');
    expect(await test.page.evaluate(() => document.activeElement?.closest('[role="alert"]') !== null)).toBe(true);
    const consent = (await cookies()).cookieConsent_analytics;
    expect(consent?.value).toBe('true');
    const days = ((consent?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await expect.poll(() => analyticsRequests.length).toBe(1);
    expect(analyticsRequests[0]?.url()).toContain('id=G-TEST123456');
    const queue = (await dataLayer()) as Record<string, unknown>[];
    expect(queue.some((e) => e.event === 'consent_update' && e.analytics === true)).toBe(true);
    await banner().locator('button', { hasText: 'Hide cookie message' }).click();
    expect(await banner().count()).toBe(0);
    await test.page.reload();
    await test.page.locator('main h1').waitFor();
    expect(await banner().count()).toBe(0);
  });

  it('records page views without query strings, only after consent', async () => {
    await test.context.addCookies([{ name: 'cookieConsent_analytics', value: 'true', url: baseUrl() }]);
    await test.page.goto(`${baseUrl()}/status?epat=secret-token`);
    await test.page.locator('main h1').waitFor();
    await expect.poll(async () => JSON.stringify(await dataLayer())).toContain('page_view');
    const text = JSON.stringify(await dataLayer());
    expect(text).toContain('"page_path":"/status"');
    expect(text).not.toContain('secret-token');
  });

  it('rejecting sets the cookie to false and never loads analytics', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await banner().locator('button', { hasText: 'Reject analytics cookies' }).click();
    await banner().locator('[role="alert"]').waitFor();
    expect(await banner().textContent()).toContain('You’ve rejected analytics cookies.');
    expect((await cookies()).cookieConsent_analytics?.value).toBe('false');
    expect(analyticsRequests).toEqual([]);
    expect(Object.keys(await cookies())).toEqual(['cookieConsent_analytics']);
  });

  it('clears the confirmation on the next navigation', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await banner().locator('button', { hasText: 'Reject analytics cookies' }).click();
    await banner().locator('[role="alert"]').waitFor();
    await test.page.locator('.govuk-footer a', { hasText: 'Privacy' }).click();
    await test.page.locator('main h1', { hasText: 'Privacy' }).waitFor();
    expect(await banner().count()).toBe(0);
  });

  it('is hidden on the cookies page, whose form saves the choice with a success banner', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await banner().locator('a', { hasText: 'View cookies' }).click();
    await test.page.waitForURL(`${baseUrl()}/cookies`);
    // The address changes before the cookies page is drawn: wait for its own heading.
    await test.page.locator('main h1', { hasText: 'Cookies' }).waitFor();
    expect(await banner().count()).toBe(0);
    await test.page.locator('#cookies-analytics').check();
    await test.page.locator('button', { hasText: 'Save changes' }).click();
    const success = test.page.locator('.govuk-notification-banner--success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Success');
    expect(await success.textContent()).toContain('You’ve set your cookie preferences.');
    expect((await cookies()).cookieConsent_analytics?.value).toBe('true');
    await expect.poll(() => analyticsRequests.length).toBe(1);
    // Rejecting later removes the analytics cookies the script had set.
    await test.page.locator('#cookies-analytics-2').check();
    await test.page.locator('button', { hasText: 'Save changes' }).click();
    await expect.poll(async () => Object.keys(await cookies()).sort()).toEqual(['cookieConsent_analytics']);
    await success.locator('a').click();
    await test.page.waitForURL(`${baseUrl()}/`);
  });
});
