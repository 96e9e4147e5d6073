// What the console's Chromium tests share: signing in on the local OpenID provider's page (each
// of its users' password is `<username>-password`), a page signed in, and axe on a page as it is
// shown, with JavaScript or without.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningService } from '../global-setup.ts';
import { axeViolations, axeViolationsWithoutJavaScript, type TestBrowser } from './browser.ts';

/** Expects axe to find nothing on the page (opened with JavaScript unless `withoutJavaScript`). */
export async function expectAxeClean(page: Page, withoutJavaScript = false): Promise<void> {
  expect(withoutJavaScript ? await axeViolationsWithoutJavaScript(page) : await axeViolations(page)).toEqual([]);
}

/** Signing in to the console of the file's service (`service()`, started in its beforeAll). */
export function consoleSignIn(test: TestBrowser, service: () => RunningService) {
  /** Signs in on the provider's page as `username`, wherever the console sent the browser. */
  async function signInAtProvider(page: Page, username: string): Promise<void> {
    await page.fill('#username', username);
    await page.fill('#password', `${username}-password`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === service().baseUrl);
  }

  /** Opens the console and signs in as `username`. */
  async function signIn(page: Page, username: string): Promise<void> {
    await page.goto(`${service().baseUrl}/caseworker`);
    await signInAtProvider(page, username);
  }

  /** A page of a new browser context, signed in as `username`. */
  async function newSignedInPage(username: string, javaScriptEnabled = true): Promise<Page> {
    const page = await (await test.browser.newContext({ javaScriptEnabled })).newPage();
    await signIn(page, username);
    return page;
  }

  return { signInAtProvider, signIn, newSignedInPage };
}
