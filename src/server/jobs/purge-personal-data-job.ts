import { londonToday, toIsoDate } from '#shared/dates/calendar.ts';
import { purgePersonalData } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { FORM_SESSION_IDLE_MS } from '#shared/pages/form-session.ts';
import { SAVED_DRAFT_DAYS } from '#shared/pages/saved-drafts.ts';
import { deleteIdleFormSessions } from '../db/form-session-repository.ts';
import { deleteEndedWindows } from '../db/rate-limit-repository.ts';
import { deleteEndedEmailSenders } from '../db/email-sender-repository.ts';
import { deleteCheckFailuresBefore } from '../db/check-failure-repository.ts';
import { CHECK_FAILURES_KEPT_MS } from '../services/check-limits.ts';
import { deleteOldLicenceRecords } from '../db/status-access-repository.ts';
import { deleteFinishedJobs } from '../db/job-repository.ts';
import { purgeEndedStaffSessions } from '../services/staff/staff-sessions.ts';
import type { JobHandler } from './job-handler.ts';

const msPerDay = 86_400_000;

export interface PurgeJobDependencies {
  readonly db: Database;
  readonly retentionDays: number;
}

/**
 * `purge-personal-data` (daily): deletes the personal data of decided applications whose leave
 * date is more than RETENTION_DAYS ago (London calendar days), and finished jobs as old.
 * Idempotent: what is deleted stays deleted, so a repeat finds nothing to do.
 */
export function createPurgePersonalDataHandler(deps: PurgeJobDependencies): JobHandler {
  return async (_payload, { now, logger }) => {
    const today = toIsoDate(londonToday(now));
    const purged = await deps.db.transaction((tx) =>
      purgePersonalData(tx, { today, retentionDays: deps.retentionDays, now }),
    );
    const jobs = await deleteFinishedJobs(deps.db, new Date(now.getTime() - deps.retentionDays * msPerDay));
    logger.info({ applications: purged.applications, submissions: purged.submissions, jobs }, 'Retention run done');
  };
}

/**
 * `purge-sessions` (hourly): deletes the sessions of browsers without JavaScript idle for 24 hours
 * (their answers, never sent), a draft saved with "Save and come back later" only once
 * SAVED_DRAFT_DAYS have passed since its last save, the caseworkers' sessions that are over (idle
 * or past their 12 hours, with their ID tokens), the counts of the per-address budgets whose
 * window has ended, the email addresses counted for a client more than an hour ago (decision 044),
 * the document checks' failures two hours old (decision 042), and the licence numbers' failures
 * and lockouts a day after they stopped counting, with the client addresses they name (decision
 * 043), so no table holds more than a day's (an hour's) use beyond the saved drafts. Idempotent.
 */
export function createPurgeSessionsHandler(deps: Pick<PurgeJobDependencies, 'db'>): JobHandler {
  return async (_payload, { now, logger }) => {
    const sessions = await deleteIdleFormSessions(
      deps.db,
      new Date(now.getTime() - FORM_SESSION_IDLE_MS),
      new Date(now.getTime() - SAVED_DRAFT_DAYS * msPerDay),
    );
    const staffSessions = await purgeEndedStaffSessions(deps.db, now);
    const counts = (await deleteEndedWindows(deps.db, now)) + (await deleteEndedEmailSenders(deps.db, now));
    const checkFailures = await deleteCheckFailuresBefore(deps.db, new Date(now.getTime() - CHECK_FAILURES_KEPT_MS));
    const licence = await deleteOldLicenceRecords(deps.db, now);
    logger.info(
      {
        sessions,
        staffSessions,
        counts,
        checkFailures,
        licenceFailures: licence.failures,
        licenceLockouts: licence.lockouts,
      },
      'Sessions, ended budget windows and old failures deleted',
    );
  };
}
