// The application journey end to end in Chromium against the real server: what a sponsor types,
// what the server stores, and the emails it sends.
import { describe, expect, it } from 'vitest';
import { axeViolations, useBrowser } from './support/browser.ts';
import {
  SPONSOR,
  addToGroup,
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  continueFrom,
  submitGroup,
  waitForMail,
  worker,
} from './support/journey.ts';
import { storedApplicationsOf } from './support/database.ts';

const test = useBrowser();

describe('a single application', () => {
  it('goes from the start page to /complete, is stored with the payload per applicant, and is confirmed by email', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await answerWorker(
      page,
      worker('Ní Bhraonáin', { givenNames: 'Eithne Patricia', workerEmail: 'eithne@example.com' }),
    );
    await answerTravel(page);
    await answerWorkDates(page);

    await at(page, '/check-your-answers');
    expect(await page.locator('h1').textContent()).toBe('Check your answers before sending your application');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();

    await at(page, '/complete');
    expect(await page.locator('h1').textContent()).toBe('Application received');
    const reference = (await page.locator('.govuk-panel .app-reference').textContent()) ?? '';
    expect(reference).toMatch(/^CWC-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]$/);
    expect(await page.locator('main').textContent()).toContain(
      `We have sent a confirmation email to ${SPONSOR.email}.`,
    );
    expect(await axeViolations(page)).toEqual([]);
    // GOV.UK's confirmation pattern ends with the link to the service's feedback page.
    const feedback = page.locator('main p', { hasText: 'What did you think of this service? (takes 30 seconds)' });
    expect(await feedback.getByRole('link').getAttribute('href')).toBe('/feedback');

    // The sponsor's confirmation with the reference, and the worker's own.
    await waitForMail(
      (all) =>
        all.some(
          (m) =>
            m.text.includes(reference) &&
            m.subject === `Creative worker concession: application ${reference} received` &&
            m.to === SPONSOR.email,
        ) &&
        all.some(
          (m) =>
            m.to === 'eithne@example.com' &&
            m.subject === `Creative worker concession: application ${reference} received`,
        ),
    );

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
      expect(stored.secondaryDetails).toMatchObject({
        familyName: 'Ní Bhraonáin',
        givenNames: 'Eithne Patricia',
        nationality: 'USA - American',
        countryOfDeparture: 'Ireland',
      });
    }

    await page.getByRole('button', { name: 'Finish' }).click();
    await at(page, '/');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('state') ?? '{}').receipts)).toEqual([]);
  });
});

describe('a group application', () => {
  it('adds 3 members reusing travel details and work dates, edits one, deletes one and submits the rest', async () => {
    const { page } = test;
    await answerSponsor(page, 'group-application');
    expect(await page.locator('.app-group-strip').textContent()).toBe('Adding group member 1');

    // The first member enters everything.
    await answerWorker(page, worker('Okafor', { givenNames: 'Chidi' }));
    await answerTravel(page);
    await answerWorkDates(page);
    await at(page, '/check-your-answers');
    expect(await page.locator('h1').textContent()).toBe('Check your answers before adding the applicant');
    await addToGroup(page);
    expect(await page.locator('.app-group-strip').textContent()).toBe('Group overview');
    expect(await axeViolations(page)).toEqual([]);

    // The second and third reuse the first member's travel details and work dates.
    for (const [index, name] of [
      ['2', 'Smith'],
      ['3', 'García'],
    ] as const) {
      await page.getByRole('button', { name: 'Add another applicant' }).click();
      await at(page, '/passenger-name');
      expect(await page.locator('.app-group-strip').textContent()).toBe(`Adding group member ${index}`);
      await answerWorker(page, worker(name, { givenNames: 'Alex' }));
      await at(page, '/reuse-travel-details');
      expect(await axeViolations(page)).toEqual([]);
      await page.check('input[name="reuse-travel-details"][value="0"]');
      await continueFrom(page);
      await at(page, '/reuse-work-dates');
      await page.check('input[name="reuse-work-dates"][value="0"]');
      await continueFrom(page);
      await at(page, '/check-your-answers');
      expect(await page.locator('main').textContent()).toContain('EI154');
      await addToGroup(page);
    }
    expect(await page.locator('#group-members .govuk-summary-list__key').allTextContents()).toEqual([
      'Chidi Okafor',
      'Alex Smith',
      'Alex García',
    ]);

    // Edit the second member's given names through check your answers.
    await page.getByRole('link', { name: 'Edit Alex Smith' }).click();
    await at(page, '/check-your-answers');
    expect(await page.locator('.app-group-strip').textContent()).toBe('Editing group member Alex Smith (2 of 3)');
    await page.getByRole('link', { name: 'Change Given names' }).click();
    await at(page, '/passenger-name');
    await page.fill('#given-name', 'Jordan');
    await continueFrom(page);
    await at(page, '/check-your-answers');
    await page.getByRole('button', { name: 'Confirm details and return to the group overview' }).click();
    await at(page, '/group-edit');
    expect(await page.locator('#group-members .govuk-summary-list__key').allTextContents()).toEqual([
      'Chidi Okafor',
      'Jordan Smith',
      'Alex García',
    ]);

    // Delete the third, after confirming.
    await page.getByRole('link', { name: 'Delete Alex García' }).click();
    const question = page.locator('h2', {
      hasText: 'Are you sure you want to delete the application for Alex García?',
    });
    await question.waitFor();
    expect(await question.count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.getByText('The application for Alex García was deleted.').waitFor();
    expect(await page.locator('#group-members .govuk-summary-list__key').allTextContents()).toEqual([
      'Chidi Okafor',
      'Jordan Smith',
    ]);

    const references = await submitGroup(page, 2);
    expect(await page.locator('h1').textContent()).toBe('Applications received');
    expect(references).toHaveLength(2);
    expect(await axeViolations(page)).toEqual([]);

    await waitForMail((all) =>
      all.some(
        (m) =>
          m.subject === 'Creative worker concession: 2 applications received' &&
          m.to === SPONSOR.email &&
          references.every((r) => m.text.includes(r)),
      ),
    );
    const stored = await Promise.all(references.map((reference) => storedApplicationsOf(reference)));
    if (stored[0] !== undefined) {
      expect(stored.map((a) => a?.secondaryDetails.givenNames)).toEqual(['Chidi', 'Jordan']);
      expect(new Set(stored.map((a) => a?.concessionForm.formGroupId)).size).toBe(1);
      // The reused travel details are the first member's.
      expect(stored[1]?.concessionForm).toMatchObject({
        flightNumber: 'EI154',
        nameOfUKPortOfArrival: 'London Heathrow Airport',
      });
    }
  });
});
