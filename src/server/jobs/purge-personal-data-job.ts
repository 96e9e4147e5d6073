import { londonToday, toIsoDate } from '#shared/dates/calendar.ts';
import { purgePersonalData } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { FORM_SESSION_IDLE_MS } from '#shared/pages/form-session.ts';
import { deleteIdleFormSessions } from '../db/form-session-repository.ts';
import { deleteFinishedJobs } from '../db/job-repository.ts';
import type { JobHandler } from './job-handler.ts';

const msPerDay = 86_400_000;

export interface PurgeJobDependencies {
  readonly db: Database;
  readonly retentionDays: number;
}

/**
 * `purge-personal-data`: deletes the personal data of decided applications whose leave date is
 * more than RETENTION_DAYS ago (London calendar days), finished jobs as old, and the sessions of
 * browsers without JavaScript idle for 24 hours (their answers, never sent). Idempotent:
 * what is deleted stays deleted, so a repeat finds nothing to do.
 */
export function createPurgePersonalDataHandler(deps: PurgeJobDependencies): JobHandler {
  return async (_payload, { now, logger }) => {
    const today = toIsoDate(londonToday(now));
    const purged = await deps.db.transaction((tx) =>
      purgePersonalData(tx, { today, retentionDays: deps.retentionDays, now }),
    );
    const jobs = await deleteFinishedJobs(deps.db, new Date(now.getTime() - deps.retentionDays * msPerDay));
    const sessions = await deleteIdleFormSessions(deps.db, new Date(now.getTime() - FORM_SESSION_IDLE_MS));
    logger.info(
      { applications: purged.applications, submissions: purged.submissions, jobs, sessions },
      'Retention run done',
    );
  };
}
