// Test support (not a test file): submissions as the API would store them, and a log capture.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { addDays, londonToday, toIsoDate } from '#shared/dates/calendar.ts';
import { validApplicantPayload } from '../../../tests/fixtures/applicants.ts';
import type { NewApplication, NewSubmission } from '../db/submission-repository.ts';
import { createLogger } from '../logger.ts';

/** A London calendar day `days` after the day of `now`, as YYYY-MM-DD. */
export function daysAfter(now: Date, days: number): string {
  return toIsoDate(addDays(londonToday(now), days));
}

/** An applicant who passes every check when stored at `now` (arrives 10 days later, from Dublin). */
function sampleApplicant(now: Date, overrides: Partial<NewApplication> = {}, index = 0): NewApplication {
  const arrivalDate = overrides.arrivalDate ?? daysAfter(now, 10);
  const leaveDate = overrides.leaveDate ?? daysAfter(now, 40);
  const passportNumber = overrides.passportNumber ?? `P${String(index).padStart(8, '0')}`;
  // A whole payload, since it is read back through the payload schema, agreeing with the columns
  // below (a worker email only when the test gives one).
  const payload = validApplicantPayload(now);
  const { workerEmailAddress: _notGiven, ...details } = payload.secondaryDetails;
  return {
    concessionForm: {
      ...payload.concessionForm,
      passportNumber,
      dateOfArrivalInUK: arrivalDate,
      certificateOfSponsorshipReferenceNumber: `COS${index}`,
      sponsorName: 'Example Theatre Ltd',
      sponsorshipReferenceNumber: 'LIC123456',
      sponsorEmailAddress: 'sponsor@example.org',
    },
    secondaryDetails: {
      ...details,
      familyName: `Family${index}`,
      givenNames: `Given${index}`,
      airPortOfDeparture: 'Dublin Airport',
      lteToDate: leaveDate,
      dateOfBirth: '1990-01-31',
      ...(overrides.workerEmail === undefined ? {} : { workerEmailAddress: overrides.workerEmail }),
    },
    passportNumber,
    cosReference: `COS${index}`,
    familyName: `Family${index}`,
    givenNames: `Given${index}`,
    arrivalDate,
    leaveDate,
    placeOfDeparture: 'Dublin Airport',
    ...overrides,
  };
}

export function sampleSubmission(
  now: Date,
  applicants: ReadonlyArray<Partial<NewApplication>> = [{}],
  overrides: Partial<Omit<NewSubmission, 'applicants'>> = {},
): NewSubmission {
  return {
    formGroupId: `CWC-${randomUUID().toUpperCase()}`,
    requestHash: randomUUID(),
    sponsorEmail: 'sponsor@example.org',
    sponsorName: 'Example Theatre Ltd',
    sponsorReference: 'LIC123456',
    applicants: applicants.map((a, index) => sampleApplicant(now, a, index)),
    ...overrides,
  };
}

/** A pino logger at debug level whose JSON lines are kept in `lines`. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l !== ''),
      );
      done();
    },
  });
  return { logger: createLogger({ logLevel: 'debug' }, destination), lines };
}
