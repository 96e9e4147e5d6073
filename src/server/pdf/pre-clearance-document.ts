// The pre-clearance document (spec §1: "a link to download the pre-clearance document"): one A4
// page per approved application, in one PDF. DejaVu Sans is embedded (subset) so any name prints
// as written: Polish, Vietnamese, Irish, Nordic letters alike. The PDF is tagged (a structure
// tree with headings, paragraphs and a table of the details) for screen readers.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatLongDate } from '#shared/dates/format.ts';

const require = createRequire(import.meta.url);
const REGULAR_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const SERVICE_NAME = 'Creative worker visa concession remote clearance';

/** What one document shows. Dates are YYYY-MM-DD calendar days. */
export interface PreClearanceDetails {
  readonly applicationReference: string;
  readonly familyName: string;
  readonly givenNames: string;
  readonly dateOfBirth: string;
  readonly nationality: string;
  readonly passportNumber: string;
  readonly cosReference: string;
  readonly sponsorName: string;
  readonly sponsorReference: string;
  readonly arrivalDate: string;
  /** plane or road */
  readonly methodOfArrival: string;
  readonly placeOfDeparture: string;
  readonly portOfArrival: string;
  readonly carrier: string;
  readonly flightNumber: string;
  readonly firstWorkDate: string;
  readonly lastWorkDate: string;
  readonly leaveDate: string;
}

const day = (iso: string) => (iso === '' ? '' : formatLongDate(iso));
const METHODS: Record<string, string> = { plane: 'By plane', road: 'By road or ferry' };

function rows(details: PreClearanceDetails, issuedOn: string): Array<[string, string]> {
  const flight = details.methodOfArrival === 'plane' ? [['Flight', `${details.carrier} ${details.flightNumber}`.trim()] as [string, string]] : [];
  return [
    ['Family name', details.familyName],
    ['Given names', details.givenNames],
    ['Date of birth', day(details.dateOfBirth)],
    ['Nationality', details.nationality],
    ['Passport number', details.passportNumber],
    ['Certificate of sponsorship number', details.cosReference],
    ['Sponsor', details.sponsorName],
    ['Sponsor licence number', details.sponsorReference],
    ['Date of arrival in the UK', day(details.arrivalDate)],
    ['Method of arrival', METHODS[details.methodOfArrival] ?? details.methodOfArrival],
    ...flight,
    ['Place of departure', details.placeOfDeparture],
    ['Place of arrival in the UK', details.portOfArrival],
    ['Work dates', `${day(details.firstWorkDate)} to ${day(details.lastWorkDate)}`],
    ['Must leave the UK', `No later than ${day(details.leaveDate)}`],
    ['Application reference', details.applicationReference],
    ['Date of issue', issuedOn],
  ];
}

/** One PDF with a document for each application, in the order given. */
export function renderPreClearanceDocuments(documents: readonly PreClearanceDetails[], issuedAt: Date): Promise<Buffer> {
  if (documents.length === 0) return Promise.reject(new Error('At least one document is needed'));
  const issuedOn = formatLongDate(issuedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    // Never Helvetica: it has no glyphs beyond Latin-1.
    font: REGULAR_FONT,
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: 'Pre-clearance document', Author: SERVICE_NAME, Subject: 'Creative worker visa concession', CreationDate: issuedAt },
  });
  // Fonts are chosen by path, not by registered name: pdfkit caches a font under the key it was
  // first opened with, and would parse the font file again at every switch to a registered name.

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const document = doc.struct('Document');
  doc.addStructure(document);
  for (const details of documents) {
    doc.addPage();
    const section = doc.struct('Sect');
    document.add(section);

    section.add(
      doc.struct('H1', {}, () => {
        doc.font(BOLD_FONT).fontSize(20).fillColor('#0b0c0c').text('Pre-clearance document');
      }),
    );
    section.add(
      doc.struct('P', {}, () => {
        doc.moveDown(0.3).font(REGULAR_FONT).fontSize(11).text(SERVICE_NAME);
        doc.moveDown(0.3).text('The temporary creative worker named below has remote clearance to enter the UK from the Republic of Ireland for the paid work and dates shown. Show this document with your passport when asked.');
      }),
    );
    doc.moveDown(1);

    const table = doc.struct('Table');
    section.add(table);
    const labelWidth = 190;
    const valueX = doc.page.margins.left + labelWidth;
    const valueWidth = doc.page.width - doc.page.margins.right - valueX;
    for (const [label, value] of rows(details, issuedOn)) {
      const y = doc.y;
      const row = doc.struct('TR');
      table.add(row);
      row.add(
        doc.struct('TH', {}, () => {
          doc.font(BOLD_FONT).fontSize(11).text(label, doc.page.margins.left, y, { width: labelWidth - 12 });
        }),
      );
      const labelBottom = doc.y;
      row.add(
        doc.struct('TD', {}, () => {
          doc.font(REGULAR_FONT).fontSize(11).text(value === '' ? '—' : value, valueX, y, { width: valueWidth });
        }),
      );
      doc.y = Math.max(labelBottom, doc.y) + 6;
      row.end();
    }
    table.end();

    doc.moveDown(1.5);
    section.add(
      doc.struct('P', {}, () => {
        doc.font(REGULAR_FONT).fontSize(9).fillColor('#505a5f').text(`Issued on ${issuedOn}. Check the status of this application with the link in the email sent to the sponsor.`, doc.page.margins.left, doc.y, {
          width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        });
      }),
    );
    section.end();
  }
  document.end();
  doc.end();
  return done;
}
