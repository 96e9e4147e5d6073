// Moving between pages in Chromium: where focus lands after a navigation, that a page whose
// code is loaded appears without the loading spinner, and the title while a page still loads.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.ts';
import { SPONSOR, at, continueFrom } from './support/journey.ts';
import { groupWithMembers, run, seedSession, singleComplete } from './support/journey-states.ts';

const test = useBrowser();

const SERVICE = 'Creative worker visa concession remote clearance';

/** What has focus: the h1 of main, the error summary, a success banner, or something else. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'body';
    if (active === document.querySelector('main h1')) return 'main h1';
    if (active.matches('.govuk-error-summary')) return 'error summary';
    if (active.matches('.govuk-notification-banner--success[role="alert"][tabindex="-1"]')) return 'success banner';
    return active.outerHTML.slice(0, 80);
  });

/** Lets the frames after a navigation pass, so that anything that would move focus late has done so. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))),
  );

async function toContactDetails(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await page.getByRole('button', { name: 'Start now' }).click();
  await at(page, '/your-contact-details');
}

describe('focus after a navigation', () => {
  it('lands on the new page’s h1 after Continue, and on the error summary after a Continue with errors', async () => {
    const { page } = test;
    await toContactDetails(page);
    expect(await focused(page)).toBe('main h1');
    await page.fill('#sponsor-email', SPONSOR.email);
    await continueFrom(page);
    await at(page, '/sponsor-details');
    await settle(page);
    expect(await focused(page)).toBe('main h1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sponsor details');

    await continueFrom(page);
    await settle(page);
    expect(await focused(page)).toBe('error summary');
  });

  it('lands on the success banner after a group member is deleted', async () => {
    const { context, page } = test;
    // Without the cookie banner above it, the success banner is in view at the top of the page: a
    // banner that is not is brought into view as it takes focus, after a navigation as on a page
    // loaded whole.
    await context.addCookies([{ name: 'cookieConsent_analytics', value: 'false', url: baseUrl() }]);
    await seedSession(context, run(groupWithMembers(2), { type: 'clearAndReturn' }));
    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    await page.getByRole('link', { name: /^Delete .*Member0/ }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.locator('.govuk-notification-banner--success').waitFor();
    await settle(page);
    expect(await focused(page)).toBe('success banner');
    expect(await page.locator('.govuk-notification-banner').textContent()).toContain('Member0');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

/** From now on, notes on the page whether the loading spinner shows (read by `sawSpinner`). */
const watchForSpinner = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { sawSpinner: boolean };
    w.sawSpinner = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="page-spinner"]') !== null) w.sawSpinner = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
const sawSpinner = (page: Page) => page.evaluate(() => (window as unknown as { sawSpinner: boolean }).sawSpinner);

/**
 * Notes the requests of the chunk whose file name starts `chunk` (in `urls`), and `arrived()`
 * resolves once its code has run in the page. Not `waitForLoadState('networkidle')`: that
 * resolves at once when the page went quiet after its load, before a later chunk arrives.
 */
function watchChunk(page: Page, chunk: string) {
  const urls: string[] = [];
  const pattern = new RegExp(`/assets/${chunk}-[^/]*\\.js$`);
  page.on('request', (request) => {
    if (pattern.test(request.url())) urls.push(request.url());
  });
  const arrived = async () => {
    await expect.poll(() => urls.length).toBe(1);
    // The same module, imported again, resolves once it (and what it imports) has run; the app's
    // own load then has its module on the next turns of the event loop.
    // A string, not a function: the test runner would rewrite `import()` in a function's source.
    await page.evaluate(
      `import(${JSON.stringify(urls[0])}).then(() => new Promise((resolve) => setTimeout(resolve, 100)))`,
    );
  };
  return { urls, arrived };
}

describe('going from page to page', () => {
  it('loads the first question’s code on the start page once the visitor does something there, then starts without the spinner', async () => {
    const { page } = test;
    const questionCode = watchChunk(page, 'question-pages');
    await page.goto(`${baseUrl()}/`);
    await page.waitForLoadState('networkidle');
    // A visit that only reads the page downloads none of it.
    expect(questionCode.urls).toEqual([]);
    await page.mouse.move(40, 40);
    await page.mouse.move(60, 60);
    await questionCode.arrived();
    await watchForSpinner(page);
    await page.getByRole('button', { name: 'Start now' }).click();
    await at(page, '/your-contact-details');
    expect(await sawSpinner(page)).toBe(false);
    expect(questionCode.urls).toHaveLength(1);
  });

  it('loads the code of the pages a question page leads to once the visitor does something there', async () => {
    const { page } = test;
    const nextCode = watchChunk(page, 'check-answers-page');
    await page.goto(`${baseUrl()}/your-contact-details`);
    await page.waitForLoadState('networkidle');
    // A visit that only reads the question downloads none of the pages after it.
    expect(nextCode.urls).toEqual([]);
    await page.fill('#sponsor-email', SPONSOR.email);
    await nextCode.arrived();
    await watchForSpinner(page);
    await continueFrom(page);
    await at(page, '/sponsor-details');
    expect(await sawSpinner(page)).toBe(false);
  });

  it('shows a question page whose code is loaded without the loading spinner', async () => {
    const { page } = test;
    await toContactDetails(page);
    await page.fill('#sponsor-email', SPONSOR.email);
    await watchForSpinner(page);
    await continueFrom(page);
    await at(page, '/sponsor-details');
    await page.fill('#sponsor-name', SPONSOR.name);
    await page.fill('#sponsor-reference', SPONSOR.reference);
    await continueFrom(page);
    await at(page, '/what-would-you-like-to-do');
    expect(await sawSpinner(page)).toBe(false);
  });

  it('does not keep the previous page’s title while the next page’s code loads', async () => {
    const { context, page } = test;
    await seedSession(context, singleComplete());
    // The nationality page's code is held back until the test lets it go (a slow network).
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/nationality-page-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/passenger-date-of-birth`);
    await at(page, '/passenger-date-of-birth');
    expect(await page.title()).toBe(`What is the temporary worker’s date of birth? | ${SERVICE}`);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/nationality');
    await page.locator('[data-testid="page-spinner"]').waitFor();
    expect(await page.title()).toBe(`Loading page | ${SERVICE}`);

    release();
    await at(page, '/nationality');
    expect(await page.title()).toBe(`What is the temporary worker’s nationality? | ${SERVICE}`);
    // Focus waited for the page itself, not its spinner.
    await settle(page);
    expect(await focused(page)).toBe('main h1');
  });
});
