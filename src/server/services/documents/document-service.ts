// Issuing pre-clearance documents and publishing the keys that verify them (decision 027). Each
// download issues a new document per worker: a fresh check code, a token signed into its QR
// code, and a row recording both, committed before the PDF is handed over, so every document
// anyone holds can be checked.
import { randomBytes } from 'node:crypto';
import type { JSONWebKeySet } from 'jose';
import { londonToday, toIsoDate } from '#shared/dates/calendar.ts';
import { newCheckCode } from '#shared/domain/check-code.ts';
import type { Database } from '../../db/database.ts';
import { publishedSigningKeys, recordDocumentIssues, type DocumentIssue } from '../../db/document-repository.ts';
import { drawingHere, type DocumentDrawing, type DrawDocuments } from '../../pdf/document-drawing.ts';
import type { PreClearanceDetails } from '../../pdf/pre-clearance-document.ts';
import type { DocumentTokens } from '../../tokens/document-tokens.ts';
import type { ApplicationView } from '../applications/application-view.ts';

export interface DocumentServiceOptions {
  readonly database: Database;
  /** Made on first use: a key may be generated into DATA_DIR, which most requests never need. */
  readonly tokens: () => Promise<DocumentTokens>;
  readonly now: () => Date;
  /** Where the PDFs are drawn, and how many downloads at once (decision 054); on this thread, unbounded, when not given. */
  readonly drawing?: DocumentDrawing;
}

/** The documents issued as one PDF, or no room to draw them now: nothing issued, come back after `retryAfterSeconds`. */
export type IssuedDocuments =
  | { readonly outcome: 'issued'; readonly pdf: Buffer }
  | { readonly outcome: 'busy'; readonly retryAfterSeconds: number };

/** How long the published keys are kept, by this process and by whoever fetches them. */
export const PUBLISHED_KEYS_SECONDS = 300;

export interface DocumentService {
  /**
   * One PDF with a new document for each application (approved, details not deleted: the caller
   * checks), or 'busy' when the instance is drawing as many downloads as it takes: then nothing is
   * signed or recorded.
   */
  issue(applications: readonly ApplicationView[]): Promise<IssuedDocuments>;
  /** The public keys that verify documents' tokens today: the JWKS anyone may fetch. */
  publishedKeys(): Promise<JSONWebKeySet>;
}

export function createDocumentService(options: DocumentServiceOptions): DocumentService {
  // Read from the database at most once a period, for the keys route and every token checked: a
  // flood of either costs nothing, and the key signing now is always among them.
  let published: { readonly keys: JSONWebKeySet; readonly until: number } | undefined;
  const drawing = options.drawing ?? drawingHere();

  async function issueAndDraw(applications: readonly ApplicationView[], draw: DrawDocuments): Promise<Buffer> {
    const tokens = await options.tokens();
    const issuedAt = options.now();
    const documents: PreClearanceDetails[] = [];
    const issues: DocumentIssue[] = [];
    for (const application of applications) {
      const details = documentDetailsOf(application);
      const checkCode = newCheckCode(randomBytes);
      const token = await tokens.sign({ ...details, checkCode, issuedAt });
      documents.push({ ...details, checkCode, checkLink: tokens.checkLink(token) });
      issues.push({ checkCode, applicantId: application.reference, keyId: tokens.signingKey.keyId, issuedAt });
    }
    await options.database.transaction((tx) => recordDocumentIssues(tx, tokens.signingKey, issues));
    // One submission's applications: the sponsor's language is theirs alike.
    return draw(documents, issuedAt, applications[0]?.sponsor.language ?? 'en');
  }

  return {
    async issue(applications) {
      const done = await drawing.withPlace((draw) => issueAndDraw(applications, draw));
      return done.outcome === 'done' ? { outcome: 'issued', pdf: done.value } : done;
    },

    async publishedKeys() {
      const at = options.now().getTime();
      if (published !== undefined && published.until > at) return published.keys;
      const { signingKey } = await options.tokens();
      const keys = await publishedSigningKeys(options.database, signingKey.keyId, toIsoDate(londonToday(new Date(at))));
      // The key signing now is published before its first document, too.
      if (!keys.some((key) => key.kid === signingKey.keyId)) keys.unshift(signingKey.publicJwk);
      published = { keys: { keys }, until: at + PUBLISHED_KEYS_SECONDS * 1000 };
      return published.keys;
    },
  };
}

/** What an application's document shows, but for its check code and link. */
function documentDetailsOf(application: ApplicationView): Omit<PreClearanceDetails, 'checkCode' | 'checkLink'> {
  const { worker, sponsor } = application;
  const form = application.answers?.concessionForm;
  const details = application.answers?.secondaryDetails;
  return {
    applicationReference: application.reference,
    familyName: worker?.familyName ?? '',
    givenNames: worker?.givenNames ?? '',
    dateOfBirth: details?.dateOfBirth ?? '',
    nationality: details?.nationality ?? '',
    passportNumber: worker?.passportNumber ?? '',
    passportExpiryDate: form?.passportExpiryDate ?? '',
    cosReference: worker?.cosReference ?? '',
    sponsorName: sponsor.name ?? '',
    sponsorReference: sponsor.licenceNumber,
    arrivalDate: application.arrivalDate,
    methodOfArrival: form?.methodOfArrivalIntoUK ?? '',
    // As answered: the document shows the place the sponsor named, as it always has.
    placeOfDeparture: details?.airPortOfDeparture ?? '',
    portOfArrival: form?.nameOfUKPortOfArrival ?? '',
    carrier: form?.carrier ?? '',
    flightNumber: form?.flightNumber ?? '',
    firstWorkDate: details?.firstWorkDate ?? '',
    lastWorkDate: details?.lastWorkDate ?? '',
    leaveDate: application.leaveDate,
  };
}
