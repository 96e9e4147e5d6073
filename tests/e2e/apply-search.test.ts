// Finding a nationality and a place of departure by what people type (decisions 007 and 016):
// other names lead on, with or without picking from the list; the British warning reads as a
// sentence; a place outside the list is refused on the page; places from each way out of Ireland
// are approved by the service's own checks. With axe on the widgets open and on their errors.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH } from '../../src/shared/api/new-from-concession.ts';
import { answersOf, INITIAL_FORM_STATE, type FormState } from '../../src/shared/journey/form-state.ts';
import { STEPS } from '../../src/shared/journey/steps.ts';
import type { StepPath } from '../../src/shared/journey/paths.ts';
import { validApplicantAnswers } from '../fixtures/applicants.ts';
import { axeViolations, baseUrl, useBrowser } from './support/browser.ts';
import { storedApplicationsOf } from './support/database.ts';
import {
  SPONSOR,
  type Travel,
  addToGroup,
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  choosePlaceOfDeparture,
  continueFrom,
  daysFromToday,
  submitGroup,
  waitForMail,
  worker,
} from './support/journey.ts';
import { run, seedSession, singleComplete } from './support/journey-states.ts';
import { keptFormState } from './support/page-answers.ts';
import { workerServices } from './support/services.ts';

const test = useBrowser(undefined, { oneTab: true });

/** A single application answered up to, not including, `path`. */
function answeredBefore(path: StepPath): FormState {
  // A single application's steps, in order (the reuse pages are a group's).
  const steps = STEPS.map((step) => step.path).filter((step) => !step.startsWith('/reuse-'));
  const answers = validApplicantAnswers(new Date());
  return run(
    INITIAL_FORM_STATE,
    ...steps.slice(0, steps.indexOf(path)).map((step) => ({ type: 'submitStep' as const, path: step, answers })),
  );
}

/** Opens `path` with the questions before it answered, in `language`. */
async function open(page: Page, path: StepPath, language: 'en' | 'ar' = 'en'): Promise<void> {
  await seedSession(test.context, answeredBefore(path), language);
  await page.goto(`${baseUrl()}${path}`);
  await at(page, path);
  // The widget is in place.
  await page.locator(`input#${path === '/nationality' ? 'nationality' : 'port-of-departure'}`).waitFor();
}

/** The answers the service kept from the page, as a reload would show them. */
async function savedAnswers(page: Page) {
  const state = await keptFormState(page);
  return { answers: answersOf(state.current), errors: state.errors };
}

/** Leaves the suggestions closed and presses Enter in the box: the form is sent without a pick or a blur. */
async function enterWithoutPicking(page: Page, selector: string): Promise<void> {
  await page.press(selector, 'Escape');
  const url = page.url();
  await page.press(selector, 'Enter');
  await page.waitForFunction(
    (before) => location.href !== before || document.querySelector('.govuk-error-summary') !== null,
    url,
  );
}

/** The text of the warning, without its hidden "Warning" prefix. */
const warningText = (page: Page) =>
  page.locator('.govuk-warning-text__text').evaluate((strong) => {
    const copy = strong.cloneNode(true) as HTMLElement;
    copy.querySelector('.govuk-visually-hidden')?.remove();
    return copy.textContent?.trim();
  });

describe('the nationality found by country name', () => {
  it.each([
    ['United States', 'USA - American'],
    ['Ireland', 'IRL - Irish'],
  ])('%j typed, then Continue without picking, leads on as %s', async (typed, expected) => {
    const { page } = test;
    await open(page, '/nationality');
    await page.fill('#nationality', typed);
    await page.locator('.autocomplete__option').first().waitFor();
    await continueFrom(page);
    await at(page, '/passport-details');
    expect((await savedAnswers(page)).answers.nationality).toBe(expected);
  });

  it.each([
    ['United States', 'USA - American'],
    ['Ireland', 'IRL - Irish'],
  ])('%j typed, then Enter with the list closed, leads on as %s', async (typed, expected) => {
    const { page } = test;
    await open(page, '/nationality');
    await page.fill('#nationality', typed);
    await enterWithoutPicking(page, '#nationality');
    await at(page, '/passport-details');
    expect((await savedAnswers(page)).answers.nationality).toBe(expected);
  });

  it.each([
    ['Holland', 'NLD - Dutch, Netherlandic'],
    ['South Korea', 'KOR - South Korean'],
  ])('%j typed offers %s to pick, and leads on', async (typed, option) => {
    const { page } = test;
    await open(page, '/nationality');
    await page.fill('#nationality', typed);
    await page.getByRole('option', { name: option, exact: true }).click();
    expect(await page.inputValue('#nationality')).toBe(option);
    await continueFrom(page);
    await at(page, '/passport-details');
    expect((await savedAnswers(page)).answers.nationality).toBe(option);
  });

  it('warns a British passport holder in a sentence, then leads to the British variant', async () => {
    const { page } = test;
    await open(page, '/nationality');
    await page.fill('#nationality', 'Great Britain');
    await page.getByRole('option', { name: 'GBR - British, UK', exact: true }).click();
    await page.locator('.govuk-warning-text').waitFor();
    expect(await warningText(page)).toBe('British passport holders do not need the creative worker concession');
    await continueFrom(page);
    await at(page, '/ineligible');
  });

  // Decision 031: a country's Welsh and Arabic names find it on any page, and an Arabic page
  // shows each option by the country's Arabic name while the answer stays the list's.
  it('"Almaen" typed on the English page, then Continue without picking, leads on as DEU - German', async () => {
    const { page } = test;
    await open(page, '/nationality');
    await page.fill('#nationality', 'Almaen');
    await page.getByRole('option', { name: 'DEU - German', exact: true }).waitFor();
    await continueFrom(page);
    await at(page, '/passport-details');
    expect((await savedAnswers(page)).answers.nationality).toBe('DEU - German');
  });

  it('"ألمانيا" and "أمريكي" typed on the Arabic page offer the country by its Arabic name, and send the list’s value', async () => {
    const { page } = test;
    await open(page, '/nationality', 'ar');
    await page.fill('#nationality', 'أمريكي');
    await expect.poll(() => page.locator('.autocomplete__option').first().textContent()).toBe('USA - الولايات المتحدة');
    await page.fill('#nationality', 'ألمانيا');
    await page.getByRole('option', { name: 'DEU - ألمانيا', exact: true }).click();
    expect(await page.inputValue('#nationality')).toBe('DEU - ألمانيا');
    await continueFrom(page);
    await at(page, '/passport-details');
    expect((await savedAnswers(page)).answers.nationality).toBe('DEU - German');
    // Back on the page, the box shows the answer in Arabic, and Continue keeps it.
    await page.goBack();
    await at(page, '/nationality');
    await expect.poll(() => page.inputValue('#nationality')).toBe('DEU - ألمانيا');
    await continueFrom(page);
    await at(page, '/passport-details');
    expect((await savedAnswers(page)).answers.nationality).toBe('DEU - German');
  });

  it('still asks for a country when the text names none', async () => {
    const { page } = test;
    await open(page, '/nationality');
    await page.fill('#nationality', 'Atlantis');
    await continueFrom(page);
    expect(await page.locator('.govuk-error-summary li').allTextContents()).toEqual(['Enter a country']);
  });
});

describe('the place of departure picked from the list', () => {
  const travels: Array<[string, Travel]> = [
    [
      'by road from the ferry port',
      { departure: 'Rosslare Europort', arrival: daysFromToday(10), method: 'road', portOfArrival: 'Fishguard' },
    ],
    [
      'by plane from an airport',
      {
        departure: 'Cork Airport',
        arrival: daysFromToday(10),
        method: 'plane',
        carrier: 'Aer Lingus',
        flightNumber: 'EI712',
        portOfArrival: 'London Heathrow Airport',
      },
    ],
    [
      'by road from a border town',
      { departure: 'Dundalk', arrival: daysFromToday(10), method: 'road', portOfArrival: 'Newry' },
    ],
  ];

  it.each(travels)('is accepted %s', async (_how, travel) => {
    const { page } = test;
    await open(page, '/travel-details');
    await answerTravel(page, travel);
    await at(page, '/work-dates');
    expect((await savedAnswers(page)).answers['port-of-departure']).toBe(travel.departure);
  });

  it.each([
    ['Baile Átha Cliath', 'Dublin'],
    ['Dublin Airport T2', 'Dublin Airport'],
  ])('is found by %j: %s comes first', async (typed, place) => {
    const { page } = test;
    await open(page, '/travel-details');
    await page.fill('#port-of-departure', typed);
    await page.locator('.autocomplete__option').first().waitFor();
    expect(await page.locator('.autocomplete__option').first().textContent()).toBe(place);
    await choosePlaceOfDeparture(page, place, typed);
    expect(await page.inputValue('#port-of-departure')).toBe(place);
  });

  it('takes a place named exactly when Continue is pressed without a pick', async () => {
    const { page } = test;
    await open(page, '/travel-details');
    await page.fill('#port-of-departure', 'dub t1');
    await enterWithoutPicking(page, '#port-of-departure');
    expect((await savedAnswers(page)).answers['port-of-departure']).toBe('Dublin Airport');
  });

  it('refuses a place outside the list on the page, sending nothing', async () => {
    const { page } = test;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(request.url());
    });
    // The page's form goes to the page's own address, which refuses it: no application is sent.
    const answered: [string, number][] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST') answered.push([new URL(response.url()).pathname, response.status()]);
    });
    await open(page, '/travel-details');
    await page.fill('#port-of-departure', 'Paris');
    await continueFrom(page);
    expect(new URL(page.url()).pathname).toBe('/travel-details');
    expect(await page.locator('.govuk-error-summary li').allTextContents()).toContain(
      'Enter a place of departure in Ireland',
    );
    expect(await page.locator('#port-of-departure-error').textContent()).toMatch(
      /Enter a place of departure in Ireland$/,
    );
    // The page kept what was typed, and refused it with the rule the service has.
    expect(await page.inputValue('#port-of-departure')).toBe('Paris');
    const saved = await savedAnswers(page);
    expect(saved.answers['port-of-departure']).toBe('Paris');
    expect(saved.errors.travel?.['port-of-departure']).toBe('listedPlace');
    // The same after a reload, and then a listed place leads on.
    await page.reload();
    await page.locator('input#port-of-departure').waitFor();
    expect(await page.inputValue('#port-of-departure')).toBe('Paris');
    expect(sent.filter((url) => url.endsWith(NEW_FROM_CONCESSION_PATH))).toEqual([]);
    expect(answered).toEqual([['/travel-details', 422]]);
  });
});

describe('the widgets with axe', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`finds no violation on /nationality with the list open and with an error, in ${language}`, async () => {
      const { page } = test;
      await open(page, '/nationality', language);
      await page.fill('#nationality', 'Ire');
      await page.locator('.autocomplete__menu--visible').waitFor();
      // accessible-autocomplete brings no font: without app.scss its options fall back to the browser's.
      const fonts = await page.evaluate(() => {
        const family = (selector: string) => getComputedStyle(document.querySelector(selector)!).fontFamily;
        return {
          option: family('.autocomplete__option'),
          input: family('.autocomplete__input'),
          body: family('.govuk-body'),
        };
      });
      expect(fonts.body).toMatch(/GDS Transport/i);
      expect(fonts.option).toBe(fonts.body);
      expect(fonts.input).toBe(fonts.body);
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#nationality', '');
      await continueFrom(page);
      await page.locator('#nationality-error').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    it(`finds no violation on /travel-details with the list open and with the new error, in ${language}`, async () => {
      const { page } = test;
      await open(page, '/travel-details', language);
      await page.fill('#port-of-departure', 'Dub');
      await page.locator('.autocomplete__menu--visible').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#port-of-departure', 'Paris');
      await page.press('#port-of-departure', 'Escape');
      await continueFrom(page);
      await page.locator('#port-of-departure-error').waitFor();
      expect((await savedAnswers(page)).errors.travel?.['port-of-departure']).toBe('listedPlace');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('the service with MANUAL_REVIEW off', () => {
  const { baseUrl: base, databaseUrl, mailDir } = workerServices().automatic;

  it('approves applications from a ferry port, an airport and a border town', { timeout: 180_000 }, async () => {
    const { page } = test;
    const travels: Travel[] = [
      { departure: 'Rosslare Europort', arrival: daysFromToday(10), method: 'road', portOfArrival: 'Fishguard' },
      {
        departure: 'Cork Airport',
        arrival: daysFromToday(10),
        method: 'plane',
        carrier: 'Aer Lingus',
        flightNumber: 'EI712',
        portOfArrival: 'London Heathrow Airport',
      },
      { departure: 'Dundalk', arrival: daysFromToday(10), method: 'road', portOfArrival: 'Newry' },
    ];
    await answerSponsor(page, 'group-application', base);
    for (const [i, travel] of travels.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add another applicant' }).click();
      await answerWorker(page, worker(['Byrne', 'Kowalska', 'Santos'][i]!));
      if (i > 0) {
        await at(page, '/reuse-travel-details');
        await page.check('input[name="reuse-travel-details"][value=""]');
        await continueFrom(page);
      }
      await answerTravel(page, travel);
      if (i > 0) {
        await at(page, '/reuse-work-dates');
        await page.check('input[name="reuse-work-dates"][value="0"]');
        await continueFrom(page);
      } else {
        await answerWorkDates(page);
      }
      await at(page, '/check-your-answers');
      expect(await page.locator('.govuk-summary-list__value').allTextContents()).toContain(travel.departure);
      await addToGroup(page);
    }
    const references = await submitGroup(page, 3);
    expect(references).toHaveLength(3);

    if (databaseUrl !== '') {
      // What the service stored: the list's names, and each application approved by the checks.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const stored = await Promise.all(references.map((reference) => storedApplicationsOf(reference, databaseUrl)));
        expect(stored.map((a) => a?.secondaryDetails.airPortOfDeparture)).toEqual(travels.map((t) => t.departure));
        if (stored.every((a) => a?.status === 'approved')) break;
        if (Date.now() > deadline) throw new Error(`Not approved: ${stored.map((a) => a?.status).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } else {
      // On the embedded database, the status page says what was decided.
      const mail = await waitForMail(
        (all) => all.some((m) => m.to === SPONSOR.email && references.every((r) => m.text.includes(r))),
        30_000,
        mailDir,
      );
      const confirmation = mail.find((m) => m.to === SPONSOR.email && references.every((r) => m.text.includes(r)))!;
      const link = new RegExp(`${base}/status\\?epat=[\\w.-]+`).exec(confirmation.text)?.[0];
      expect(link).toBeDefined();
      const deadline = Date.now() + 60_000;
      for (;;) {
        await page.goto(link!);
        await page.fill('#sponsor-licence-number', SPONSOR.reference);
        await page.getByRole('button', { name: 'Check status' }).click();
        await page.locator('table').waitFor();
        const statuses = await page
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent?.trim()));
        if (statuses.length === 3 && statuses.every((status) => status === 'Approved')) break;
        if (Date.now() > deadline) throw new Error(`Not approved: ${statuses.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  });
});

describe('a place of departure in Welsh and Arabic', () => {
  it.each([
    ['cy', 'Maes Awyr Dulyn'],
    ['ar', 'مطار دبلن'],
  ] as const)(
    'is listed, chosen and shown by its name in %s without JavaScript, and stored by its own name',
    async (language, name) => {
      const context = await test.browser.newContext({ javaScriptEnabled: false });
      try {
        await seedSession(context, answeredBefore('/travel-details'), language);
        const page = await context.newPage();
        await page.goto(`${baseUrl()}/travel-details`);
        const select = page.locator('select#port-of-departure');
        const option = select.locator('option', { hasText: name });
        expect(await option.getAttribute('value')).toBe('Dublin Airport');
        // The list is in the order of the names shown, in the page's language.
        const texts = (await select.locator('option').allTextContents()).slice(1);
        expect(texts).toEqual([...texts].sort(new Intl.Collator(language).compare));
        await select.selectOption('Dublin Airport');
        // Sent with the page's other questions unanswered: kept, and chosen again on the page shown.
        await page.locator('main button.govuk-button:not(.govuk-button--secondary)').first().click();
        await page.locator('.govuk-error-summary').waitFor();
        expect(await select.inputValue()).toBe('Dublin Airport');
        expect((await keptFormState(page)).current.travel?.['port-of-departure']).toBe('Dublin Airport');
        // Check your answers shows it by the same name.
        await seedSession(context, singleComplete(), language);
        await page.goto(`${baseUrl()}/check-your-answers`);
        expect(await page.locator('.govuk-summary-list__value').allTextContents()).toContain(name);
      } finally {
        await context.close();
      }
    },
  );

  it('is found by its Welsh name with JavaScript, suggested and shown by it, and stored by its own name', async () => {
    const { page } = test;
    await seedSession(test.context, answeredBefore('/travel-details'), 'cy');
    await page.goto(`${baseUrl()}/travel-details`);
    await at(page, '/travel-details');
    await page.fill('#port-of-departure', 'Maes Awyr Dul');
    await page.locator('.autocomplete__option').first().waitFor();
    expect(await page.locator('.autocomplete__option').first().textContent()).toBe('Maes Awyr Dulyn');
    await page.locator('.autocomplete__option').first().click();
    expect(await page.inputValue('#port-of-departure')).toBe('Maes Awyr Dulyn');
    expect(await page.inputValue('select#port-of-departure-select')).toBe('Dublin Airport');
    expect(await axeViolations(page)).toEqual([]);
  });
});
