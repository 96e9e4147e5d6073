import { daysBetween, londonToday } from '#shared/dates/calendar.ts';
import { parseIsoDate } from '#shared/dates/format.ts';
import type { RejectionReason } from '../db/application-repository.ts';

/** Spec §9: apply at least 72 hours before travel, counted as London calendar days. */
export const minimumDaysBeforeArrival = 3;

/**
 * True when the application was made fewer than 3 London calendar days before the arrival day.
 * Days, not hours, because the form itself counts days (its "72 hours" is "after the end of the
 * day two days from now"), so an applicant the form let through is never rejected here for
 * submitting a few hours later on the same day.
 */
export function isLateApplication(arrivalDate: string, appliedAt: Date): boolean {
  const arrival = parseIsoDate(arrivalDate);
  if (arrival === null) throw new RangeError('The arrival date is not a YYYY-MM-DD calendar day');
  return daysBetween(londonToday(appliedAt), arrival) < minimumDaysBeforeArrival;
}

export interface CheckedApplication {
  readonly arrivalDate: string;
  readonly createdAt: Date;
  readonly placeOfDeparture: string;
  readonly passportNumber: string;
}

export interface CheckDependencies {
  /** True when the place of departure is one the routing rule accepts (in the Republic of Ireland). */
  readonly isPlaceOfDepartureInIreland: (name: string) => boolean;
  /** True when the (normalised) passport number has been reported lost or stolen. */
  readonly isPassportLostOrStolen: (passportNumber: string) => Promise<boolean>;
}

/** The checks in the order they run; the first that fails gives the rejection reason. */
export const checkOrder: readonly RejectionReason[] = ['late', 'routing', 'credibility'];

/** The reason of the first failing check, or undefined when every check passes. */
export async function firstFailingCheck(
  application: CheckedApplication,
  deps: CheckDependencies,
): Promise<RejectionReason | undefined> {
  if (isLateApplication(application.arrivalDate, application.createdAt)) return 'late';
  if (!deps.isPlaceOfDepartureInIreland(application.placeOfDeparture)) return 'routing';
  if (await deps.isPassportLostOrStolen(application.passportNumber)) return 'credibility';
  return undefined;
}
