// The admins' pages of the caseworker console in Chromium, signed in through the service's local
// OpenID provider: the signed-in staff, with where each session was opened from; ending a
// caseworker's sessions, asked first (with and without JavaScript); and the audit log that records
// the sign-ins, views, searches and the sessions ended. Axe on every page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeyPems } from '../../src/server/test-support/test-keys.ts';
import { startService, type RunningService } from './global-setup.ts';
import { useBrowser } from './support/browser.ts';
import { consoleSignIn, expectAxeClean } from './support/console.ts';

const test = useBrowser();
const { signIn, newSignedInPage } = consoleSignIn(test, () => service);
let service: RunningService;

/** What the console answers the page's cookies now, without following a redirect. */
async function consoleAnswer(page: Page): Promise<{ status: number; location: string | undefined }> {
  const answer = await page.request.get(`${service.baseUrl}/caseworker`, { maxRedirects: 0 });
  return { status: answer.status(), location: answer.headers().location };
}

/** Ends the caseworker's sessions from the admin's page, through the list and the confirmation. */
async function endCaseworkerSessions(admin: Page, withoutJavaScript: boolean): Promise<void> {
  await admin.getByRole('link', { name: 'Signed-in staff' }).click();
  await admin.locator('h1', { hasText: 'Signed-in staff' }).waitFor();
  const row = admin.locator('tbody tr', { hasText: 'local-caseworker' }).first();
  expect(await row.textContent()).toContain('Casey Worker');
  // The address each session was opened from (the test run gives each browser one of its own).
  expect(await row.textContent()).toMatch(/\b\d{1,3}(\.\d{1,3}){3}\b/);
  await expectAxeClean(admin, withoutJavaScript);

  await row.getByRole('link', { name: 'End sessions of Casey Worker' }).click();
  await admin.locator('h1', { hasText: 'End Casey Worker’s sessions?' }).waitFor();
  await expectAxeClean(admin, withoutJavaScript);
  await admin.getByRole('button', { name: 'End their sessions' }).click();
  await admin.locator('.govuk-notification-banner', { hasText: 'They are signed out everywhere' }).waitFor();
  await expectAxeClean(admin, withoutJavaScript);
}

beforeAll(async () => {
  service = await startService({ manualReview: true, tokenKeys: newTestKeyPems() });
}, 120_000);
afterAll(async () => {
  await service?.close();
});

describe('the caseworker console’s admin pages', () => {
  it('shows the signed-in staff and ends a caseworker’s sessions, asked first, with JavaScript', async () => {
    const caseworker = await newSignedInPage('caseworker');
    expect(await consoleAnswer(caseworker)).toMatchObject({ status: 200 });
    const { page: admin } = test;
    await signIn(admin, 'admin');
    await endCaseworkerSessions(admin, false);
    // The caseworker's next page asks them to sign in again.
    expect(await consoleAnswer(caseworker)).toEqual({ status: 303, location: '/caseworker/sign-in' });
    expect(await admin.locator('tbody').textContent()).not.toContain('local-caseworker');
    await caseworker.context().close();
  });

  it('ends a caseworker’s sessions without JavaScript, and the audit log tells who did what from where', async () => {
    const caseworker = await newSignedInPage('caseworker', false);
    await caseworker.fill('#q', 'K99999999');
    await caseworker.getByRole('button', { name: 'Search' }).click();
    await caseworker.locator('h1', { hasText: 'Search applications' }).waitFor();

    const admin = await newSignedInPage('admin', false);
    await endCaseworkerSessions(admin, true);
    expect(await consoleAnswer(caseworker)).toEqual({ status: 303, location: '/caseworker/sign-in' });

    await admin.getByRole('link', { name: 'Audit log' }).click();
    const log = (await admin.locator('tbody').textContent()) ?? '';
    for (const shown of [
      'Sessions ended by an admin',
      'Searched',
      '0 found',
      'Signed in',
      'Casey Worker (local-caseworker)',
    ]) {
      expect(log).toContain(shown);
    }
    // The search's words are not kept.
    expect(await admin.content()).not.toContain('K99999999');
    await expectAxeClean(admin, true);

    await admin.selectOption('#action', 'sign-in');
    await admin.getByRole('button', { name: 'Filter' }).click();
    const rows = await admin.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((text) => text.trim()))).toEqual(new Set(['Signed in']));
    await expectAxeClean(admin, true);
    await caseworker.context().close();
    await admin.context().close();
  });
});
