import { parseIsoDate } from '#shared/dates/format.ts';
import { isLateForArrival } from '#shared/dates/rules.ts';
import type { RejectionReason } from '#shared/domain/application-status.ts';

/** The late check on a stored arrival date: the rule the travel page warns of (shared, one function). */
export function isLateApplication(arrivalDate: string, appliedAt: Date): boolean {
  const arrival = parseIsoDate(arrivalDate);
  if (arrival === null) throw new RangeError('The arrival date is not a YYYY-MM-DD calendar day');
  return isLateForArrival(arrival, appliedAt);
}

export interface CheckedApplication {
  readonly arrivalDate: string;
  readonly createdAt: Date;
  readonly placeOfDeparture: string;
  readonly passportNumber: string;
}

export interface CheckDependencies {
  /** True when the place of departure routes through the Republic of Ireland: a listed place the list marks as in the Republic (an unknown one does not). */
  readonly isPlaceOfDepartureInIreland: (name: string) => boolean;
  /** True when the (normalised) passport number has been reported lost or stolen. */
  readonly isPassportLostOrStolen: (passportNumber: string) => Promise<boolean>;
}

/** The reason of the first failing check (late, then routing, then credibility), or undefined when every check passes. */
export async function firstFailingCheck(
  application: CheckedApplication,
  deps: CheckDependencies,
): Promise<RejectionReason | undefined> {
  if (isLateApplication(application.arrivalDate, application.createdAt)) return 'late';
  if (!deps.isPlaceOfDepartureInIreland(application.placeOfDeparture)) return 'routing';
  if (await deps.isPassportLostOrStolen(application.passportNumber)) return 'credibility';
  return undefined;
}
