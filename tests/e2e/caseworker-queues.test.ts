// The caseworker console's triage and assignments in Chromium, signed in through the local OpenID
// provider as the caseworker (Casey Worker) and the admin (Alex Admin, a caseworker too): the
// queue ordered and filtered from its form (a GET, so each view is an address), with and without
// JavaScript; "Assign to me", the "Assigned to me" queue and "Unassign", two staff on one
// application. A service of its own (MANUAL_REVIEW on), so its queue holds this file's
// applications only. Axe on every page shown.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicantPayload } from '../../src/shared/api/new-from-concession.ts';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { toDateParts } from '../../src/shared/dates/date-parts.ts';
import { newTestKeyPems } from '../../src/server/test-support/test-keys.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';
import { startService, type RunningService } from './global-setup.ts';
import { useBrowser } from './support/browser.ts';
import { consoleSignIn, expectAxeClean } from './support/console.ts';
import { sendThroughApi } from './support/status-links.ts';

const test = useBrowser();
const { newSignedInPage } = consoleSignIn(test, () => service);
const OTHER_LICENCE = 'QUEUE7LIC';
let service: RunningService;
/** Sent first, arriving in 20 days, from the fixture's sponsor. */
let arrivesLate: string;
/** Sent second, arriving in 10 days, from another sponsor. */
let arrivesSoon: string;

/** Sends one application arriving `arrivalInDays` days from today; its reference. */
async function send(name: string, arrivalInDays: number, licence: string): Promise<string> {
  const now = new Date();
  const today = londonToday(now);
  const answers = validApplicantAnswers(now, {
    'family-name': name,
    'passport-number': `Q${String(arrivalInDays).padStart(2, '0')}345678`,
    'cos-reference': `C2G8Q${name.slice(0, 3).toUpperCase()}${String(arrivalInDays).padStart(5, '0')}`,
    'date-of-arrival': toDateParts(addDays(today, arrivalInDays)),
    'first-work-date': toDateParts(addDays(today, arrivalInDays + 1)),
    'last-work-date': toDateParts(addDays(today, arrivalInDays + 20)),
  });
  const body = [
    buildApplicantPayload(
      answers,
      { ...FIXTURE_SPONSOR, 'sponsor-reference': licence },
      `CWC-${randomUUID().toUpperCase()}`,
      now,
    ),
  ];
  return (await sendThroughApi(service.baseUrl, body))[0]!;
}

/** Sends a group of ten from `licence`; their references. */
async function sendGroup(licence: string, group: number): Promise<string[]> {
  const now = new Date();
  const groupId = `CWC-${randomUUID().toUpperCase()}`;
  const body = Array.from({ length: 10 }, (_, index) =>
    buildApplicantPayload(
      validApplicantAnswers(now, {
        'what-would-you-like-to-do': 'group-application',
        'family-name': `Paged${group}`,
        'passport-number': `R${group}${index}345678`,
        'cos-reference': `C2G8R${group}${String(index).padStart(6, '0')}`,
      }),
      { ...FIXTURE_SPONSOR, 'sponsor-reference': licence },
      groupId,
      now,
    ),
  );
  return sendThroughApi(service.baseUrl, body);
}

const listed = (page: Page) => page.locator('tbody tr th a').allTextContents();
const query = (page: Page) => new URL(page.url()).search;

beforeAll(async () => {
  service = await startService({ manualReview: true, tokenKeys: newTestKeyPems() });
  arrivesLate = await send('Later', 20, FIXTURE_SPONSOR['sponsor-reference'] ?? '');
  arrivesSoon = await send('Sooner', 10, OTHER_LICENCE);
}, 120_000);
afterAll(async () => {
  await service?.close();
});

describe('triage of the queue', () => {
  it('orders by arrival by default and by time left when asked, filters by checks and licence, each view an address (with JavaScript)', async () => {
    const page = await newSignedInPage('caseworker');
    expect(await listed(page)).toEqual([arrivesSoon, arrivesLate]);
    expect(await page.locator('main [role="status"]').textContent()).toContain(
      '2 applications in progress, soonest arrival first.',
    );
    await expectAxeClean(page);

    await page.selectOption('#sort', 'time-left');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.search.includes('sort=time-left'));
    expect(await listed(page)).toEqual([arrivesLate, arrivesSoon]);
    expect(await page.locator('#sort').inputValue()).toBe('time-left');

    // The automated checks run after the submission (the worker's job): both pass, and wait for a caseworker.
    await expect
      .poll(
        async () => {
          await page.goto(`${service.baseUrl}/caseworker?checks=passed`);
          return listed(page);
        },
        { timeout: 30_000 },
      )
      .toEqual([arrivesSoon, arrivesLate]);
    await page.selectOption('#checks', 'failed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.search.includes('checks=failed'));
    expect(await listed(page)).toEqual([]);
    expect(await page.locator('main [role="status"]').textContent()).toContain('0 applications in progress');
    await expectAxeClean(page);

    await page.selectOption('#checks', 'any');
    await page.fill('#licence', OTHER_LICENCE.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.search.includes('licence='));
    expect(await listed(page)).toEqual([arrivesSoon]);
    await expectAxeClean(page);

    // A view kept as an address opens as it was.
    const kept = page.url();
    const colleague = await newSignedInPage('admin');
    await colleague.goto(kept);
    expect(await listed(colleague)).toEqual([arrivesSoon]);
    expect(await colleague.locator('#licence').inputValue()).toBe(OTHER_LICENCE.toLowerCase());
    await colleague.context().close();
    await page.context().close();
  });

  it('works without JavaScript, and says what is wrong with an address it cannot read', async () => {
    const page = await newSignedInPage('caseworker', false);
    await page.selectOption('#sort', 'time-left');
    await page.fill('#licence', ` ${FIXTURE_SPONSOR['sponsor-reference'] ?? ''} `);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.search.includes('licence='));
    expect(query(page)).toContain('sort=time-left');
    expect(await listed(page)).toEqual([arrivesLate]);
    await expectAxeClean(page, true);

    const refused = await page.goto(`${service.baseUrl}/caseworker?sort=newest`);
    expect(refused?.status()).toBe(400);
    await page.locator('.govuk-error-summary', { hasText: 'Choose how to sort the applications' }).waitFor();
    expect(await listed(page)).toEqual([]);
    await expectAxeClean(page, true);
    await page.context().close();
  });
});

describe('assignment', () => {
  it('assigns to me, lists it as mine and shows the holder to a colleague, who can still act (with JavaScript)', async () => {
    const casey = await newSignedInPage('caseworker');
    await casey.goto(`${service.baseUrl}/caseworker/applications/${arrivesSoon}`);
    expect(await casey.locator('#assignee').textContent()).toBe('Nobody');
    await casey.getByRole('button', { name: 'Assign to me' }).click();
    await casey.locator('#assignee', { hasText: /^You, since/ }).waitFor();
    await expectAxeClean(casey);

    await casey.getByRole('link', { name: 'Applications' }).first().click();
    expect(await casey.locator('tbody tr', { hasText: arrivesSoon }).textContent()).toContain('Casey Worker');
    await casey.getByRole('link', { name: 'Assigned to me' }).click();
    expect(query(casey)).toBe('?show=assigned-to-me');
    expect(await listed(casey)).toEqual([arrivesSoon]);
    await expectAxeClean(casey);

    const alex = await newSignedInPage('admin');
    await alex.goto(`${service.baseUrl}/caseworker?show=assigned-to-me`);
    expect(await listed(alex)).toEqual([]);
    await alex.goto(`${service.baseUrl}/caseworker/applications/${arrivesSoon}`);
    await alex
      .locator('.govuk-inset-text', { hasText: 'Casey Worker (local-caseworker), since' })
      .filter({ hasText: 'You can still act on this application.' })
      .waitFor();
    expect(await alex.getByRole('button', { name: 'Approve' }).count()).toBe(1);
    await expectAxeClean(alex);
    // Alex takes it over.
    await alex.getByRole('button', { name: 'Assign to me' }).click();
    await alex.locator('#assignee', { hasText: /^You, since/ }).waitFor();
    await alex.context().close();

    // Casey's page still shows her holding it: her Unassign changes nothing, and says who holds it.
    await casey.goto(`${service.baseUrl}/caseworker/applications/${arrivesSoon}`);
    await casey.locator('.govuk-inset-text', { hasText: 'Alex Admin' }).waitFor();
    await casey.getByRole('button', { name: 'Unassign' }).click();
    await casey.locator('#assignee', { hasText: 'Nobody' }).waitFor();
    await casey.context().close();
  });

  it('assigns and refuses a stale unassign without JavaScript', async () => {
    const casey = await newSignedInPage('caseworker', false);
    await casey.goto(`${service.baseUrl}/caseworker/applications/${arrivesLate}`);
    await casey.getByRole('button', { name: 'Assign to me' }).click();
    await casey.locator('#assignee', { hasText: /^You, since/ }).waitFor();
    await expectAxeClean(casey, true);

    // Meanwhile Alex lets it go.
    const alex = await newSignedInPage('admin', false);
    await alex.goto(`${service.baseUrl}/caseworker/applications/${arrivesLate}`);
    await alex.getByRole('button', { name: 'Unassign' }).click();
    await alex.locator('#assignee', { hasText: 'Nobody' }).waitFor();
    await alex.context().close();

    await casey.getByRole('button', { name: 'Unassign' }).click();
    await casey.locator('h1', { hasText: 'Nothing was changed' }).waitFor();
    expect(await casey.locator('main').textContent()).toContain('Nobody holds it now.');
    await expectAxeClean(casey, true);
    await casey.context().close();
  });
});

describe('paging', () => {
  it('shows 50 a page with the total and GOV.UK’s pagination, with and without JavaScript', async () => {
    for (let group = 0; group < 5; group += 1) await sendGroup('PAGED1', group);
    for (const javaScript of [true, false]) {
      const page = await newSignedInPage('caseworker', javaScript);
      expect(await listed(page)).toHaveLength(50);
      expect(await page.locator('main [role="status"]').textContent()).toContain(
        '52 applications in progress, soonest arrival first. Page 1 of 2.',
      );
      await expectAxeClean(page, !javaScript);
      await page.locator('.govuk-pagination').getByRole('link', { name: 'Next' }).click();
      await page.waitForURL((url) => url.search === '?page=2');
      expect(await listed(page)).toHaveLength(2);
      expect(await page.locator('.govuk-pagination__item--current').textContent()).toContain('2');
      await expectAxeClean(page, !javaScript);
      await page.context().close();
    }
  });
});
