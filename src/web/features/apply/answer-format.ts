// How answers read on the journey's pages: dates as London calendar days, the leave date, names.
import { toIsoDate } from '#shared/dates/calendar.ts';
import { formatLongDate, type DateLanguage } from '#shared/dates/format.ts';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import { checkedLeaveDate, derivedLeaveDate } from '#shared/validation/checks.ts';

/** The latest leave date the answers give, formatted; undefined until the dates are real days. */
export function formatLeaveDate(answers: ApplicantAnswers, language: DateLanguage): string | undefined {
  const leave = derivedLeaveDate(answers);
  return leave === undefined ? undefined : formatLongDate(toIsoDate(leave), language);
}

/** The latest leave date to show as the work dates are typed, formatted; undefined until they pass their rules. */
export function formatCheckedLeaveDate(
  answers: ApplicantAnswers,
  language: DateLanguage,
  now: Date,
): string | undefined {
  const leave = checkedLeaveDate(answers, now);
  return leave === undefined ? undefined : formatLongDate(toIsoDate(leave), language);
}
