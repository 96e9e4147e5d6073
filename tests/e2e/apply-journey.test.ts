// The application journey end to end in Chromium against the real server: what a sponsor types,
// what the server stores, and the emails it sends.
import { describe, expect, it } from 'vitest';
import { axeViolations, useBrowser } from './support/browser.ts';
import {
  SPONSOR,
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  waitForMail,
  worker,
} from './support/journey.ts';
import { storedApplicationsOf } from './support/database.ts';

const test = useBrowser();

describe('a single application', () => {
  it('goes from the start page to /complete, is stored with the payload of spec §3, and is confirmed by email', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await answerWorker(page, worker('Ní Bhraonáin', { givenNames: 'Eithne Patricia', workerEmail: 'eithne@example.com' }));
    await answerTravel(page);
    await answerWorkDates(page);

    await at(page, '/check-your-answers');
    expect(await page.locator('h1').textContent()).toBe('Check your answers before sending your application');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();

    await at(page, '/complete');
    expect(await page.locator('h1').textContent()).toBe('Application received');
    const reference = (await page.locator('.govuk-panel .app-reference').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.locator('main').textContent()).toContain(`We have sent a confirmation email to ${SPONSOR.email}.`);
    expect(await axeViolations(page)).toEqual([]);

    const mail = await waitForMail((all) => all.some((m) => m.text.includes(reference) && m.subject === 'Application received' && m.to === SPONSOR.email));
    expect(mail.some((m) => m.to === 'eithne@example.com')).toBe(true);

    const stored = await storedApplicationsOf(reference);
    if (stored !== undefined) {
      expect(stored.concessionForm).toMatchObject({
        passportNumber: 'PNBHRAO123',
        methodOfArrivalIntoUK: 'plane',
        carrier: 'Aer Lingus',
        flightNumber: 'EI154',
        purposeOfStay: 'Working in the creative industries',
        declaration: 'PersonListed',
        sponsorEmailAddress: SPONSOR.email,
        sponsorName: SPONSOR.name,
        sponsorshipReferenceNumber: SPONSOR.reference,
      });
      expect(stored.concessionForm.formGroupId).toMatch(/^CWC-[0-9A-F-]{36}$/);
      expect(stored.secondaryDetails).toMatchObject({ familyName: 'Ní Bhraonáin', givenNames: 'Eithne Patricia', nationality: 'USA - American', countryOfDeparture: 'Ireland' });
    }

    await page.getByRole('button', { name: 'Finish' }).click();
    await at(page, '/');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('state') ?? '{}').receipts)).toEqual([]);
  });
});
