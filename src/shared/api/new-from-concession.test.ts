import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_GROUP_ID,
  FIXTURE_SPONSOR,
  invalidApplicantPayloads,
  mixedGroupRequest,
  lateApplicationPayload,
  schemaInvalidRequests,
  validApplicantAnswers,
  validApplicantPayload,
  validRequest,
} from '../../../tests/fixtures/applicants.ts';
import { isPlaceOfDepartureInIreland } from '../countries/places.ts';
import { validateApplicant } from '../validation/sections.ts';
import {
  answersFromPayload,
  applicantPayloadSchema,
  buildApplicantPayload,
  newFormGroupId,
  newFromConcessionRequestSchema,
  newFromConcessionResponseSchema,
  responseItemSchema,
  toReceipt,
  validateApplicantPayload,
  validateSubmission,
  type ApplicantPayload,
} from './new-from-concession.ts';

// 14 July 2026, 10:00 BST.
const NOW = new Date('2026-07-14T09:00:00Z');

describe('newFormGroupId', () => {
  it('is "CWC-" and the UUID in capitals', () => {
    expect(newFormGroupId(() => '0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      'CWC-0F8FAD5B-D9CB-469F-A165-70867728950E',
    );
    expect(newFormGroupId(() => crypto.randomUUID())).toMatch(
      /^CWC-[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/,
    );
  });
});

describe('buildApplicantPayload', () => {
  it('sends a passport with only one name as the family name, no given names and onlyOneName (decision 029)', () => {
    const answers = validApplicantAnswers(NOW, { 'family-name': ' Suharto ', 'given-name': '', 'one-name': 'yes' });
    const payload = buildApplicantPayload(answers, FIXTURE_SPONSOR, FIXTURE_GROUP_ID, NOW);
    expect(payload.secondaryDetails).toMatchObject({ familyName: 'Suharto', givenNames: '', onlyOneName: true });
    expect(v.is(applicantPayloadSchema, payload)).toBe(true);
    expect(validateApplicantPayload(payload, NOW)).toEqual([]);
    expect(answersFromPayload(payload)).toMatchObject({ 'given-name': '', 'one-name': 'yes' });
    const two = buildApplicantPayload(validApplicantAnswers(NOW), FIXTURE_SPONSOR, FIXTURE_GROUP_ID, NOW);
    expect(two.secondaryDetails).not.toHaveProperty('onlyOneName');
  });

  it('refuses no given names without the one-name answer, and given names with it', () => {
    const payload = validApplicantPayload(NOW);
    const without = { ...payload, secondaryDetails: { ...payload.secondaryDetails, givenNames: '' } };
    expect(validateApplicantPayload(without, NOW)).toEqual([{ field: 'given-name', rule: 'required' }]);
    const both = { ...payload, secondaryDetails: { ...payload.secondaryDetails, onlyOneName: true as const } };
    expect(validateApplicantPayload(both, NOW)).toEqual([{ field: 'given-name', rule: 'emptyWithOneName' }]);
    const dash = { ...payload, secondaryDetails: { ...payload.secondaryDetails, givenNames: '-' } };
    expect(validateApplicantPayload(dash, NOW)).toEqual([{ field: 'given-name', rule: 'hasLetter' }]);
    const falsy = { ...payload, secondaryDetails: { ...payload.secondaryDetails, onlyOneName: false } };
    expect(v.is(applicantPayloadSchema, falsy)).toBe(false);
  });

  it('stores a passport number typed with spaces without them, from the pages and from the API alike', () => {
    const answers = validApplicantAnswers(NOW, { 'passport-number': ' AB 12 34\u00A056 ' });
    expect(validateApplicant(answers, NOW)).toEqual({});
    const built = buildApplicantPayload(answers, FIXTURE_SPONSOR, FIXTURE_GROUP_ID, NOW);
    expect(built.concessionForm.passportNumber).toBe('AB123456');
    const payload = validApplicantPayload(NOW);
    const sent = { ...payload, concessionForm: { ...payload.concessionForm, passportNumber: 'AB 12 34 56' } };
    const parsed = v.parse(applicantPayloadSchema, sent);
    expect(parsed.concessionForm.passportNumber).toBe('AB123456');
    expect(validateApplicantPayload(parsed, NOW)).toEqual([]);
  });

  it('maps the answers to the payload per applicant, with fixed and derived values', () => {
    const answers = validApplicantAnswers(NOW, { 'family-name': '  Ní Bhraonáin ', nationality: 'usa - anything' });
    expect(buildApplicantPayload(answers, FIXTURE_SPONSOR, FIXTURE_GROUP_ID, NOW)).toEqual({
      concessionForm: {
        passportNumber: '567890123',
        passportIssueDate: '2024-07-14',
        passportExpiryDate: '2034-07-14',
        dateOfArrivalInUK: '2026-07-24',
        methodOfArrivalIntoUK: 'plane',
        carrier: 'Aer Lingus',
        flightNumber: 'EI154',
        nameOfUKPortOfArrival: 'London Heathrow Airport',
        certificateOfSponsorshipReferenceNumber: 'C2G8K51234567Q',
        howLongDoYouPlanToStay: 'under3Months',
        purposeOfStay: 'Working in the creative industries',
        declaration: 'PersonListed',
        formGroupId: FIXTURE_GROUP_ID,
        sponsorName: 'Example Theatre Company Ltd',
        sponsorshipReferenceNumber: 'TNBHDW2R7',
        sponsorEmailAddress: 'bookings@example-theatre.co.uk',
        createdDate: '2026-07-14T09:00:00.000Z',
      },
      secondaryDetails: {
        familyName: 'Ní Bhraonáin',
        givenNames: 'Eithne Patricia',
        dateOfBirth: '1990-05-17',
        nationality: 'USA - American',
        countryOfDeparture: 'Ireland',
        airPortOfDeparture: 'Dublin Airport',
        firstWorkDate: '2026-07-25',
        lastWorkDate: '2026-08-23',
        // Last work day + 14, before arrival + 3 months.
        lteToDate: '2026-09-06',
        createdDate: '2026-07-14T09:00:00.000Z',
        workerEmailAddress: 'eithne@example.com',
      },
    });
  });

  it('takes the sponsor from the sponsor answers, not the applicant answers', () => {
    const answers = validApplicantAnswers(NOW, { 'sponsor-email': 'other@example.com' });
    expect(
      buildApplicantPayload(answers, FIXTURE_SPONSOR, FIXTURE_GROUP_ID, NOW).concessionForm.sponsorEmailAddress,
    ).toBe('bookings@example-theatre.co.uk');
  });

  it('leaves out the worker email when not given, and the flight by road', () => {
    const payload = buildApplicantPayload(
      validApplicantAnswers(NOW, { 'worker-email': ' ', 'method-of-arrival': 'road', 'port-of-arrival': 'Holyhead' }),
      FIXTURE_SPONSOR,
      FIXTURE_GROUP_ID,
      NOW,
    );
    expect(payload.secondaryDetails).not.toHaveProperty('workerEmailAddress');
    expect(payload.concessionForm.carrier).toBe('');
    expect(payload.concessionForm.flightNumber).toBe('');
    expect(validateApplicantPayload(payload, NOW)).toEqual([]);
  });

  it('derives a short stay as under1Month', () => {
    const payload = validApplicantPayload(NOW, {}, { 'last-work-date': { day: '26', month: '7', year: '2026' } });
    expect(payload.concessionForm.howLongDoYouPlanToStay).toBe('under1Month');
    expect(payload.secondaryDetails.lteToDate).toBe('2026-08-09');
  });

  it('caps the leave date at 3 months from the earlier of arrival and first work date', () => {
    const payload = validApplicantPayload(NOW, {}, { 'last-work-date': { day: '20', month: '10', year: '2026' } });
    expect(payload.secondaryDetails.lteToDate).toBe('2026-10-24');
    expect(payload.concessionForm.howLongDoYouPlanToStay).toBe('under3Months');
  });

  it('sends a date that is not a real day as empty, which the server refuses', () => {
    const payload = validApplicantPayload(NOW, {}, { 'date-of-birth': { day: '31', month: '2', year: '1990' } });
    expect(payload.secondaryDetails.dateOfBirth).toBe('');
    expect(v.is(applicantPayloadSchema, payload)).toBe(true);
    expect(validateApplicantPayload(payload, NOW)).toEqual([{ field: 'date-of-birth', rule: 'required' }]);
  });

  it('round-trips through answersFromPayload to answers that pass the page validators', () => {
    const payload = validApplicantPayload(NOW);
    const answers = answersFromPayload(payload);
    expect(validateApplicant({ ...answers, 'what-would-you-like-to-do': 'single-application' }, NOW)).toEqual({});
    expect(buildApplicantPayload(answers, answers, FIXTURE_GROUP_ID, NOW)).toEqual(payload);
  });
});

describe('the request schema', () => {
  it('accepts 1 to 10 valid applicants', () => {
    expect(v.safeParse(newFromConcessionRequestSchema, validRequest(NOW, 1)).success).toBe(true);
    expect(v.safeParse(newFromConcessionRequestSchema, validRequest(NOW, 10)).success).toBe(true);
  });

  it.each(schemaInvalidRequests(NOW).map((fixture) => [fixture.name, fixture.body] as const))(
    'refuses %s',
    (_name, body) => {
      expect(v.safeParse(newFromConcessionRequestSchema, body).success).toBe(false);
    },
  );

  it('lets values through for the rules to judge, when the shape is right', () => {
    for (const fixture of invalidApplicantPayloads(NOW))
      expect(v.safeParse(applicantPayloadSchema, fixture.payload).success, fixture.name).toBe(true);
  });
});

describe('validateApplicantPayload', () => {
  it('accepts the valid fixture', () => {
    expect(validateApplicantPayload(validApplicantPayload(NOW), NOW)).toEqual([]);
  });

  it.each(invalidApplicantPayloads(NOW).map((fixture) => [fixture.name, fixture] as const))('%s', (_name, fixture) => {
    expect(validateApplicantPayload(fixture.payload, NOW)).toEqual(fixture.errors);
  });

  it('checks at the instant given: the same payload fails 72 hours later', () => {
    const payload = validApplicantPayload(NOW);
    const later = new Date(NOW.getTime() + 9 * 86_400_000);
    expect(validateApplicantPayload(payload, later)).toEqual([{ field: 'first-work-date', rule: 'atLeast72Hours' }]);
  });

  it('reports an empty or unreadable leave date', () => {
    expect(validateApplicantPayload(validApplicantPayload(NOW, { secondaryDetails: { lteToDate: '' } }), NOW)).toEqual([
      { field: 'lte-leave-date', rule: 'required' },
    ]);
    expect(
      validateApplicantPayload(validApplicantPayload(NOW, { secondaryDetails: { lteToDate: '2026-13-01' } }), NOW),
    ).toEqual([{ field: 'lte-leave-date', rule: 'validDate' }]);
  });

  it('checks the optional worker email when present', () => {
    const payload = validApplicantPayload(NOW, { secondaryDetails: { workerEmailAddress: 'nobody@' } });
    expect(validateApplicantPayload(payload, NOW)).toEqual([{ field: 'worker-email', rule: 'validEmail' }]);
  });

  it('refuses a place of departure that is not on the list, with the rule the page shows', () => {
    for (const place of ['Belfast', 'Paris', 'Dublin Airport, Ireland']) {
      const payload = validApplicantPayload(NOW, { secondaryDetails: { airPortOfDeparture: place } });
      expect(validateApplicantPayload(payload, NOW), place).toEqual([
        { field: 'port-of-departure', rule: 'listedPlace' },
      ]);
    }
    // Another spelling of a listed place passes, and routes through the Republic.
    const typed = validApplicantPayload(NOW, { secondaryDetails: { airPortOfDeparture: 'dublin airport t2' } });
    expect(validateApplicantPayload(typed, NOW)).toEqual([]);
    expect(isPlaceOfDepartureInIreland(typed.secondaryDetails.airPortOfDeparture)).toBe(true);
  });

  it('sends the list’s own name of the place of departure, whatever spelling was chosen', () => {
    const answers = validApplicantAnswers(NOW, { 'port-of-departure': '  baile atha cliath ' });
    expect(
      buildApplicantPayload(answers, FIXTURE_SPONSOR, FIXTURE_GROUP_ID, NOW).secondaryDetails.airPortOfDeparture,
    ).toBe('Dublin');
    const unlisted = validApplicantAnswers(NOW, { 'port-of-departure': ' Paris ' });
    expect(
      buildApplicantPayload(unlisted, FIXTURE_SPONSOR, FIXTURE_GROUP_ID, NOW).secondaryDetails.airPortOfDeparture,
    ).toBe('Paris');
  });

  it('passes an application sent late: that is an automated check, a decision, not a field error', () => {
    expect(validateApplicantPayload(lateApplicationPayload(NOW), NOW)).toEqual([]);
  });
});

describe('validateSubmission', () => {
  it('accepts one group of valid applicants', () => {
    expect(validateSubmission(validRequest(NOW, 3), NOW)).toEqual([]);
  });

  it('refuses applicants of two groups', () => {
    const { body, errors } = mixedGroupRequest(NOW);
    expect(validateSubmission(body, NOW)).toEqual(errors);
  });

  it('refuses applicants of two sponsors', () => {
    const [first, second] = validRequest(NOW, 2);
    const other = { ...second!, concessionForm: { ...second!.concessionForm, sponsorshipReferenceNumber: 'OTHER123' } };
    expect(validateSubmission([first!, other], NOW)).toEqual([{ field: 'group', rule: 'sameSponsor' }]);
    // Spacing around the same answers is not a difference.
    const spaced = {
      ...second!,
      concessionForm: { ...second!.concessionForm, sponsorName: ` ${second!.concessionForm.sponsorName} ` },
    };
    expect(validateSubmission([first!, spaced], NOW)).toEqual([]);
  });

  it('refuses more than 10 applicants', () => {
    expect(validateSubmission(validRequest(NOW, 11), NOW)).toEqual([{ field: 'group', rule: 'maxApplications' }]);
  });

  it('gives the position of the applicant at fault', () => {
    const [bad] = invalidApplicantPayloads(NOW);
    const applicants: ApplicantPayload[] = [validApplicantPayload(NOW), bad!.payload];
    expect(validateSubmission(applicants, NOW)).toEqual(bad!.errors.map((error) => ({ ...error, index: 1 })));
  });
});

describe('response items and receipts', () => {
  it('turns each response item into a receipt', () => {
    const response = validRequest(NOW, 2).map((applicant, i) => ({ ...applicant, applicantId: `A-${i + 1}` }));
    const items = v.parse(newFromConcessionResponseSchema, response);
    expect(items.map(toReceipt)).toEqual([
      {
        applicationReference: 'A-1',
        groupRef: FIXTURE_GROUP_ID,
        workerName: 'Ní Bhraonáin, Eithne Patricia',
        sponsorEmail: 'bookings@example-theatre.co.uk',
        cosReference: 'C2G8K512345600',
      },
      {
        applicationReference: 'A-2',
        groupRef: FIXTURE_GROUP_ID,
        workerName: 'Okafor, Eithne Patricia',
        sponsorEmail: 'bookings@example-theatre.co.uk',
        cosReference: 'C2G8K512345601',
      },
    ]);
  });

  it('reads only what it needs and refuses items without it', () => {
    const minimal = {
      applicantId: '42',
      concessionForm: {
        formGroupId: 'CWC-1',
        sponsorEmailAddress: 'a@b.co',
        certificateOfSponsorshipReferenceNumber: 'C1',
      },
      secondaryDetails: { familyName: 'Smith', givenNames: 'Jo' },
      somethingNew: true,
    };
    expect(toReceipt(v.parse(responseItemSchema, minimal))).toEqual({
      applicationReference: '42',
      groupRef: 'CWC-1',
      workerName: 'Smith, Jo',
      sponsorEmail: 'a@b.co',
      cosReference: 'C1',
    });
    expect(v.safeParse(responseItemSchema, { ...minimal, applicantId: '' }).success).toBe(false);
    expect(v.safeParse(responseItemSchema, { ...minimal, secondaryDetails: { familyName: 'Smith' } }).success).toBe(
      false,
    );
  });
});
