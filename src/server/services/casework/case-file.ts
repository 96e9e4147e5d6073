// What the caseworker's CLI reads of applications: a list by status, and one application's whole
// file (its details, status history and the checks of its documents), each through the read model
// (services/applications/application-view.ts), so the CLI reads no repository itself.
import type { ApplicationStatus } from '#shared/domain/application-status.ts';
import { listStatusChanges, type StatusChangeRecord } from '../../db/application-repository.ts';
import type { Queryable } from '../../db/database.ts';
import { listClearanceChecks, type ClearanceCheckRecord } from '../../db/document-repository.ts';
import { addLostStolenPassports } from '../../db/lost-stolen-passport-repository.ts';
import { findApplicationView, listApplicationViews, type ApplicationView } from '../applications/application-view.ts';

/** One application with its status history (oldest first) and the checks of its documents (newest first). */
export interface CaseFile {
  readonly application: ApplicationView;
  readonly statusChanges: readonly StatusChangeRecord[];
  readonly clearanceChecks: readonly ClearanceCheckRecord[];
}

/** Applications, oldest first, optionally with one status. */
export function listCases(db: Queryable, status: ApplicationStatus | undefined): Promise<ApplicationView[]> {
  return listApplicationViews(db, { status });
}

/** One application's file, or undefined when there is no such application. */
export async function readCaseFile(db: Queryable, reference: string): Promise<CaseFile | undefined> {
  const application = await findApplicationView(db, reference);
  if (application === undefined) return undefined;
  const statusChanges = await listStatusChanges(db, reference);
  const clearanceChecks = await listClearanceChecks(db, reference);
  return { application, statusChanges, clearanceChecks };
}

// Added in chunks so a national list of any size never becomes one giant statement.
const IMPORT_CHUNK = 5_000;

/**
 * Adds normalised passport numbers to the lost or stolen list (numbers already there stay as they
 * were), naming where they came from; returns how many were new.
 */
export async function addToLostStolenList(
  db: Queryable,
  passportNumbers: readonly string[],
  source: string,
  now: Date,
): Promise<number> {
  const unique = [...new Set(passportNumbers)];
  let added = 0;
  for (let i = 0; i < unique.length; i += IMPORT_CHUNK) {
    added += await addLostStolenPassports(db, unique.slice(i, i + IMPORT_CHUNK), source, now);
  }
  return added;
}
