// An application as the service reads it back (decision 052): the one shape the status page, the
// pre-clearance document, its check, the caseworker's page and the CLI read, built by one
// function from the row as stored. Each fact comes from one place: the columns the database
// searches, orders or keeps after deletion (the references, the names and numbers it looks up,
// the dates, the status), the answers as sent (the stored JSON, already checked against the shared
// payload schema when the row was read) for everything else. Nothing here reads the JSON for a
// fact a column holds, nor a column for an answer only the JSON holds.
import type { ApplicantPayload } from '#shared/api/new-from-concession.ts';
import type { ApplicationStatus, RejectionReason } from '#shared/domain/application-status.ts';
import { listedWorkerName } from '#shared/domain/worker-name.ts';
import type { Language } from '#shared/i18n/languages.ts';
import {
  findApplication,
  listApplications,
  listApplicationsOfSubmission,
  type ApplicationRecord,
} from '../../db/application-repository.ts';
import type { Queryable } from '../../db/database.ts';

/** The worker's details the service works with; null once the personal data is deleted. */
export interface WorkerView {
  /** As the lists and emails name them (one name, or family name and given names). */
  readonly name: string;
  readonly familyName: string;
  readonly givenNames: string;
  /** Upper-case, without spaces: as stored and compared. */
  readonly passportNumber: string;
  readonly cosReference: string;
  /** The list's own name of the place, whatever spelling was sent: what the routing check reads. */
  readonly placeOfDeparture: string;
  readonly email: string | null;
}

export interface SponsorView {
  /** Null once the personal data of every application of the submission is deleted. */
  readonly name: string | null;
  /** The sponsor licence number: kept after deletion (the status page is opened with it). */
  readonly licenceNumber: string;
  readonly email: string | null;
  /** The submission's language: its emails and documents follow it (decision 032). */
  readonly language: Language;
}

/** One application as the service tells it. */
export interface ApplicationView {
  /** The application reference (the applicant id). */
  readonly reference: string;
  readonly submissionId: string;
  /** The submission's group id ("CWC-" and a UUID), as the sponsor's emails give it. */
  readonly groupReference: string;
  /** Its place in the submission, 0-based: applications are listed as they were sent. */
  readonly position: number;
  readonly status: ApplicationStatus;
  /** Only a rejection has one. */
  readonly rejectionReason: RejectionReason | null;
  readonly submittedAt: Date;
  readonly updatedAt: Date;
  /** Calendar days, YYYY-MM-DD, kept after the personal data is deleted. */
  readonly arrivalDate: string;
  readonly leaveDate: string;
  readonly personalDataDeletedAt: Date | null;
  readonly sponsor: SponsorView;
  /** Null once the personal data is deleted. */
  readonly worker: WorkerView | null;
  /** Every answer as sent; null once the personal data is deleted. */
  readonly answers: ApplicantPayload | null;
}

/** The read model of an application read by a repository (its JSON already checked there). */
export function applicationView(record: ApplicationRecord): ApplicationView {
  const { familyName, givenNames, passportNumber, cosReference, placeOfDeparture } = record;
  return {
    reference: record.applicantId,
    submissionId: record.submissionId,
    groupReference: record.formGroupId,
    position: record.position,
    status: record.status,
    rejectionReason: record.decisionReason,
    submittedAt: record.createdAt,
    updatedAt: record.updatedAt,
    arrivalDate: record.arrivalDate,
    leaveDate: record.leaveDate,
    personalDataDeletedAt: record.personalDataDeletedAt,
    sponsor: {
      name: record.sponsorName,
      licenceNumber: record.sponsorReference,
      email: record.sponsorEmail,
      language: record.language,
    },
    // The database's CHECK keeps these together: all present until the deletion, all null after.
    worker:
      familyName === null || givenNames === null || passportNumber === null || cosReference === null
        ? null
        : {
            name: listedWorkerName(familyName, givenNames),
            familyName,
            givenNames,
            passportNumber,
            cosReference,
            placeOfDeparture: placeOfDeparture ?? '',
            email: record.workerEmail,
          },
    answers:
      record.concessionForm === null || record.secondaryDetails === null
        ? null
        : { concessionForm: record.concessionForm, secondaryDetails: record.secondaryDetails },
  };
}

/** One application, or undefined. */
export async function findApplicationView(db: Queryable, reference: string): Promise<ApplicationView | undefined> {
  const record = await findApplication(db, reference);
  return record === undefined ? undefined : applicationView(record);
}

/** The applications of one submission, in the order they were sent. */
export async function listSubmissionApplicationViews(db: Queryable, submissionId: string): Promise<ApplicationView[]> {
  return (await listApplicationsOfSubmission(db, submissionId)).map(applicationView);
}

/** Applications, oldest first, optionally with one status. */
export async function listApplicationViews(
  db: Queryable,
  filter: { readonly status?: ApplicationStatus | undefined } = {},
): Promise<ApplicationView[]> {
  return (await listApplications(db, filter)).map(applicationView);
}
