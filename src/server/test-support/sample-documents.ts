// Test support (not a test file): the details of a pre-clearance document, for tests and
// benchmarks.
import type { PreClearanceDetails } from '../pdf/pre-clearance-document.ts';
import type { IssuedDocuments } from '../services/documents/document-service.ts';

/** An approved Polish worker arriving by plane from Dublin, with any details overridden. */
export function sampleDocumentDetails(overrides: Partial<PreClearanceDetails> = {}): PreClearanceDetails {
  return {
    applicationReference: 'CWC-7K3M9-QF2XA-B',
    checkCode: 'K3M9-QF2X-F',
    checkLink: `http://localhost:3000/check-a-clearance?t=${'eyJhbGciOiJFUzI1NiJ9'.repeat(24)}`,
    familyName: 'Żółć',
    givenNames: 'Łukasz',
    dateOfBirth: '1990-05-17',
    nationality: 'POL - Polish',
    passportNumber: 'EA1234567',
    passportExpiryDate: '2034-07-14',
    cosReference: 'C2G8K51234567Q',
    sponsorName: 'Example Theatre Company Ltd',
    sponsorReference: 'TNBHDW2R7',
    arrivalDate: '2026-03-12',
    methodOfArrival: 'plane',
    placeOfDeparture: 'Dublin Airport',
    portOfArrival: 'London Heathrow Airport',
    carrier: 'Aer Lingus',
    flightNumber: 'EI154',
    firstWorkDate: '2026-03-13',
    lastWorkDate: '2026-04-11',
    leaveDate: '2026-04-25',
    ...overrides,
  };
}

/** The PDF of documents issued; throws when the service had no room to draw them (tests draw one download at a time). */
export function issuedPdf(issued: IssuedDocuments): Buffer {
  if (issued.outcome !== 'issued') throw new Error(`No documents were issued: ${issued.outcome}`);
  return issued.pdf;
}
