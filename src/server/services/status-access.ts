// Opening a submission with its status link and the sponsor licence number, and its documents:
// the API's calls (status-routes.ts) and the status pages' forms without JavaScript
// (status-forms.ts) both come here. The token is checked first (an expired link told from any
// other, and neither counted against anything); then the licence number, attempts counted in the
// database per client and submission (decision 043: a client's fifth failure in an hour locks that
// client out of the submission for an hour, from that failure on; the sponsor at any other
// address is not locked out, and is emailed). Each refusal is a result, which the API answers with
// its status and the pages show as the browser shows the API's answer.
import { createHash, timingSafeEqual } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { maskPassportNumber, type PublicStatusResponse, type StatusItem } from '#shared/api/public-status.ts';
import { normaliseLicenceNumber, validateSponsorLicenceNumber } from '#shared/validation/licence-number.ts';
import type { Database } from '../db/database.ts';
import { openWithLicence, type LicenceAttemptEvents } from '../db/status-access-repository.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import type { SecurityEventPlace, SecurityLog } from '../security/security-log.ts';
import { applicationView, type ApplicationView } from './applications/application-view.ts';
import { ExpiredTokenError, InvalidTokenError, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { rememberVerifiedTokens } from '../tokens/verified-status-tokens.ts';
import type { DocumentService } from './documents/document-service.ts';

export interface StatusAccessOptions {
  readonly database: Database;
  readonly tokens: () => Promise<StatusLinkTokens>;
  readonly documents: DocumentService;
  readonly now: () => Date;
  /** Counts the lockouts begun here (METRICS_PORT). */
  readonly metrics?: ServiceMetrics | undefined;
  /** Where wrong numbers and lockouts begun and ended are written. */
  readonly securityLog: SecurityLog;
}

/** Why a status link (and licence number) did not open a submission. */
export type StatusRefusal =
  /** The link was ours but its time is over. */
  | { readonly outcome: 'expired' }
  /** The link is not one of ours (or names no submission kept). */
  | { readonly outcome: 'invalid' }
  /** No licence number was given (or not one in the expected shape): nothing is counted. */
  | { readonly outcome: 'licenceRequired' }
  | { readonly outcome: 'mismatch'; readonly remainingAttempts: number }
  | { readonly outcome: 'locked'; readonly lockedUntil: Date };

/** What the status page and the documents show of a submission opened with its licence number. */
export interface OpenedSubmission {
  readonly sponsorName: string | null;
  readonly sponsorReference: string;
  /** In the order they were sent. */
  readonly applications: readonly ApplicationView[];
}

/** What opening a submission came to: the submission, or why not. */
export type OpenResult = { readonly outcome: 'ok'; readonly submission: OpenedSubmission } | StatusRefusal;

/** The documents asked for as one PDF, or why there are none. */
export type DocumentsResult =
  | { readonly outcome: 'ok'; readonly pdf: Buffer; readonly filename: string }
  /** `applicantId` is not an application of this submission. */
  | { readonly outcome: 'unknownApplication'; readonly applicantId: string }
  /** `applicantId` is not approved (or its personal data is deleted): it has no document. */
  | { readonly outcome: 'notApproved'; readonly applicantId: string }
  /** No application was asked for: none is approved. */
  | { readonly outcome: 'noneApproved' }
  /** The instance is drawing as many downloads as it takes: nothing issued, ask again after `retryAfterSeconds`. */
  | { readonly outcome: 'busy'; readonly retryAfterSeconds: number };

/** Opening a submission with its status link and licence number, and its documents: the API's and the status pages' forms'. */
export interface StatusAccess {
  /** What a status link's token is: one that opens a submission, one that did but has expired, or none of ours. */
  check(token: string): Promise<'valid' | 'expired' | 'invalid'>;
  /** The submission the token and licence number open for the client at `place`, or why not. */
  open(token: string, licenceNumber: string, place: SecurityEventPlace): Promise<OpenResult>;
  /**
   * The submission the token opens, its licence number having been checked before (the status
   * pages stay open for a while without JavaScript), or why not (the link has expired since, or
   * the client at `place` is locked out).
   */
  reopen(token: string, place: SecurityEventPlace): Promise<OpenResult>;
  /** The pre-clearance document of each of `applicantIds` (approved, in this submission), as one PDF. */
  documents(submission: OpenedSubmission, applicantIds: readonly string[]): Promise<DocumentsResult>;
}

const digest = (value: string) => createHash('sha256').update(normaliseLicenceNumber(value), 'utf8').digest();

/** Same licence number, trimmed and case-insensitive, compared in constant time (digests of equal length). */
export function sameLicenceNumber(stored: string, typed: string): boolean {
  return timingSafeEqual(digest(stored), digest(typed));
}

/**
 * The client an attempt is counted against (decision 043): its address as the trusted proxies give
 * it, an IPv6 address by its /64 (one host can hold the whole /64), as the per-address budgets
 * count it.
 */
export const clientOf = (address: string): string => normalizeIP(address);

/** What a counted attempt did, written to the security log and the metrics. */
export function licenceAttemptEvents(
  options: Pick<StatusAccessOptions, 'securityLog' | 'metrics'>,
  place: SecurityEventPlace,
): LicenceAttemptEvents {
  return {
    wrongNumber: () => options.securityLog.record('licence-number-wrong', place, 'mismatch'),
    lockoutStarted: () => {
      options.securityLog.record('licence-lockout-started', place, 'locked');
      options.metrics?.lockoutStarted();
    },
    lockoutEnded: () => options.securityLog.record('licence-lockout-ended', place, 'expired'),
  };
}

export function createStatusAccess(options: StatusAccessOptions): StatusAccess {
  const verifyToken = rememberVerifiedTokens(options.tokens, options.now);
  /** The submission id the token names, or why it names none. */
  const submissionOf = async (
    token: string,
  ): Promise<{ readonly outcome: 'ok'; readonly submissionId: string } | StatusRefusal> => {
    try {
      return { outcome: 'ok', submissionId: (await verifyToken(token)).submissionId };
    } catch (error) {
      if (error instanceof ExpiredTokenError) return { outcome: 'expired' };
      if (error instanceof InvalidTokenError) return { outcome: 'invalid' };
      throw error;
    }
  };
  const openWith = async (
    token: string,
    matches: (stored: string) => boolean,
    place: SecurityEventPlace,
  ): Promise<OpenResult> => {
    const named = await submissionOf(token);
    if (named.outcome !== 'ok') return named;
    const opened = await openWithLicence(
      options.database,
      named.submissionId,
      clientOf(place.address),
      matches,
      options.now(),
      licenceAttemptEvents(options, place),
    );
    if (opened.outcome === 'unknown') return { outcome: 'invalid' };
    if (opened.outcome !== 'ok') return opened;
    const { sponsorName, sponsorReference, applications } = opened.submission;
    return {
      outcome: 'ok',
      submission: { sponsorName, sponsorReference, applications: applications.map(applicationView) },
    };
  };
  return {
    async check(token) {
      const named = await submissionOf(token);
      return named.outcome === 'ok' ? 'valid' : named.outcome === 'expired' ? 'expired' : 'invalid';
    },

    async open(token, licenceNumber, place) {
      const named = await submissionOf(token);
      if (named.outcome !== 'ok') return named;
      if (validateSponsorLicenceNumber(licenceNumber)['sponsor-licence-number'] !== undefined) {
        return { outcome: 'licenceRequired' };
      }
      return openWith(token, (stored) => sameLicenceNumber(stored, licenceNumber), place);
    },

    // The number was checked when the pages were opened: it is taken as matching.
    reopen: (token, place) => openWith(token, () => true, place),

    async documents({ applications }, applicantIds) {
      const wanted: ApplicationView[] = [];
      for (const id of new Set(applicantIds)) {
        const application = applications.find((a) => a.reference === id);
        if (application === undefined) return { outcome: 'unknownApplication', applicantId: id };
        if (application.status !== 'approved' || application.personalDataDeletedAt !== null) {
          return { outcome: 'notApproved', applicantId: id };
        }
        wanted.push(application);
      }
      if (wanted.length === 0) return { outcome: 'noneApproved' };
      const issued = await options.documents.issue(wanted);
      if (issued.outcome === 'busy') return issued;
      const { pdf } = issued;
      const filename =
        wanted.length === 1 ? `pre-clearance-${wanted[0]!.reference}.pdf` : 'pre-clearance-documents.pdf';
      return { outcome: 'ok', pdf, filename };
    },
  };
}

/** What the status page shows of an opened submission. */
export function statusResponseOf(submission: OpenedSubmission): PublicStatusResponse {
  return {
    items: submission.applications.map(toStatusItem),
    sponsorName: submission.sponsorName ?? '',
    sponsorReference: submission.sponsorReference,
  };
}

function toStatusItem(application: ApplicationView): StatusItem {
  const { worker, answers } = application;
  return {
    applicantId: application.reference,
    cosReference: worker?.cosReference ?? '',
    familyName: worker?.familyName ?? '',
    givenNames: worker?.givenNames ?? '',
    status: application.status,
    decisionReason: application.rejectionReason,
    passportNumber: maskPassportNumber(worker?.passportNumber ?? ''),
    nationality: answers?.secondaryDetails.nationality ?? '',
    dateOfArrival: application.arrivalDate,
    firstWorkDate: answers?.secondaryDetails.firstWorkDate ?? '',
    lastWorkDate: answers?.secondaryDetails.lastWorkDate ?? '',
    leaveDate: application.leaveDate,
    submittedAt: application.submittedAt.toISOString(),
  };
}
