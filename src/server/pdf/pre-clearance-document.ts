// The pre-clearance document (what the link in the decision email downloads): one A4
// page per approved application, in one PDF. DejaVu Sans is embedded (subset) so any name prints
// as written: Polish, Vietnamese, Irish, Nordic letters alike. The PDF is tagged (a structure
// tree with headings, paragraphs and a table of the details) for screen readers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatLongDate } from '#shared/dates/format.ts';
import { SERVICE_NAME } from '../service-name.ts';

const require = createRequire(import.meta.url);

/** fontkit's laid-out run of glyphs: the parts copied here. */
interface GlyphRun {
  readonly positions: readonly object[];
}

/** A font parsed by fontkit (pdfkit's own font parser); opaque here but for layout, pdfkit reads it. */
interface ParsedFont {
  layout(text: string, ...more: unknown[]): GlyphRun;
  createSubset(): unknown;
}
// fontkit has no type declarations; create() is the one call used.
const fontkit = require('fontkit') as { create(data: Uint8Array): ParsedFont };

/** Words whose layout is kept across documents: the labels and sentences of every page, and recent names. */
const LAYOUT_CACHE_SIZE = 2_000;

// Shaping a word (substitutions, kerning) is a third of a document's time. pdfkit keeps the runs
// of one document; this keeps them across documents, so the labels and sentences every page
// repeats are shaped once per process. pdfkit scales the positions of a run in place, so each
// caller gets its own copy of them; the glyphs themselves are only read.
function withSharedLayouts(font: ParsedFont): ParsedFont {
  const shape = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  const copy = <T extends object>(value: T): T =>
    Object.assign(Object.create(Object.getPrototypeOf(value) as object) as T, value);
  font.layout = (text: string, ...more: unknown[]): GlyphRun => {
    // Features, script or direction asked for: shaped as asked, not cached.
    if (more.some((option) => option !== undefined)) return shape(text, ...more);
    let run = runs.get(text);
    if (run === undefined) {
      run = shape(text);
      if (runs.size >= LAYOUT_CACHE_SIZE) runs.delete(runs.keys().next().value as string);
      runs.set(text, run);
    }
    return Object.assign(copy(run), { positions: run.positions.map(copy) });
  };
  return font;
}

// Parsing a font costs far more than a page: reading 750 KB per face and, at the first line of
// text, its substitution and positioning tables (about 25 ms for the two faces). pdfkit parses a
// font given by path or Buffer again for every document, but takes an already-parsed fontkit font
// as it is, so both faces are parsed once per process and shared. Sharing is safe: a document is
// laid out and its font subsets written synchronously (render, then doc.end()), and each document
// keeps its own subset and layout cache; the shared font only caches glyphs and tables.
let parsedFonts: { readonly regular: ParsedFont; readonly bold: ParsedFont } | undefined;

function parseFont(file: string): ParsedFont {
  const data = readFileSync(require.resolve(file));
  const font = fontkit.create(data);
  // Subsets are made from a second copy of the font. fontkit keeps one glyph object per glyph,
  // with the characters of the text that first asked for it, and pdfkit maps glyphs back to text
  // (copy and paste, screen readers) with those characters. Subsetting asks for the parts of a
  // composed letter (Ż is Z and a dot) with no characters; on a shared font a later document's
  // plain Z would then read as nothing. The copy only subsets; it never lays out text.
  const forSubsets = fontkit.create(data);
  font.createSubset = () => forSubsets.createSubset();
  return withSharedLayouts(font);
}

function fonts(): { readonly regular: ParsedFont; readonly bold: ParsedFont } {
  parsedFonts ??= {
    regular: parseFont('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: parseFont('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
  return parsedFonts;
}

/**
 * Parses the fonts and makes one throwaway document, so the first real one after start-up costs
 * what every later one does: a process's first document otherwise also pays for the font tables
 * a subset reads and for pdfkit's own first use, about 150 ms in all. Called as the server starts.
 */
export async function preparePreClearanceDocuments(): Promise<void> {
  fonts();
  await renderPreClearanceDocuments([WARM_UP_DETAILS], new Date(0));
}

// Registered names each document switches between: pdfkit caches a font per document under the
// key it was first opened with, so every switch must use the same key (a font object as the key
// would open, and compare, the font again at each switch).
const REGULAR_FONT = 'regular';
const BOLD_FONT = 'bold';

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

// Letters beyond Latin-1 too, so their glyphs and the tables that place them are loaded.
const WARM_UP_DETAILS: PreClearanceDetails = {
  applicationReference: '00000000-0000-4000-8000-000000000000',
  familyName: 'Żółć Nguyễn',
  givenNames: 'Łukasz Seán Åsa',
  dateOfBirth: '1990-05-17',
  nationality: 'POL - Polish',
  passportNumber: 'EA0000000',
  cosReference: 'C0000000000000',
  sponsorName: 'Example',
  sponsorReference: 'LIC000000',
  arrivalDate: '2026-03-12',
  methodOfArrival: 'plane',
  placeOfDeparture: 'Dublin Airport',
  portOfArrival: 'London Heathrow Airport',
  carrier: 'Aer Lingus',
  flightNumber: 'EI154',
  firstWorkDate: '2026-03-13',
  lastWorkDate: '2026-04-11',
  leaveDate: '2026-04-25',
};

const day = (iso: string) => (iso === '' ? '' : formatLongDate(iso));
const METHODS: Record<string, string> = { plane: 'By plane', road: 'By road or ferry' };

function rows(details: PreClearanceDetails, issuedOn: string): Array<[string, string]> {
  const flight =
    details.methodOfArrival === 'plane'
      ? [['Flight', `${details.carrier} ${details.flightNumber}`.trim()] as [string, string]]
      : [];
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
export function renderPreClearanceDocuments(
  documents: readonly PreClearanceDetails[],
  issuedAt: Date,
): Promise<Buffer> {
  if (documents.length === 0) return Promise.reject(new Error('At least one document is needed'));
  const issuedOn = formatLongDate(issuedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    // No default font: pdfkit would load Helvetica (no glyphs beyond Latin-1) and the default can
    // only be a path or a name, which pdfkit would parse again. DejaVu Sans is chosen below.
    font: null as unknown as string,
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: 'Pre-clearance document',
      Author: SERVICE_NAME,
      Subject: 'Creative worker visa concession',
      CreationDate: issuedAt,
    },
  });
  const { regular, bold } = fonts();
  // pdfkit accepts a parsed fontkit font here since 0.20; its type declarations lag behind.
  doc.registerFont(REGULAR_FONT, regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(BOLD_FONT, bold as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font(REGULAR_FONT);

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
        doc
          .moveDown(0.3)
          .text(
            'The temporary creative worker named below has remote clearance to enter the UK from the Republic of Ireland for the paid work and dates shown. Show this document with your passport when asked.',
          );
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
          doc
            .font(BOLD_FONT)
            .fontSize(11)
            .text(label, doc.page.margins.left, y, { width: labelWidth - 12 });
        }),
      );
      const labelBottom = doc.y;
      row.add(
        doc.struct('TD', {}, () => {
          doc
            .font(REGULAR_FONT)
            .fontSize(11)
            .text(value === '' ? '—' : value, valueX, y, { width: valueWidth });
        }),
      );
      doc.y = Math.max(labelBottom, doc.y) + 6;
      row.end();
    }
    table.end();

    doc.moveDown(1.5);
    section.add(
      doc.struct('P', {}, () => {
        doc
          .font(REGULAR_FONT)
          .fontSize(9)
          .fillColor('#505a5f')
          .text(
            `Issued on ${issuedOn}. Check the status of this application with the link in the email sent to the sponsor.`,
            doc.page.margins.left,
            doc.y,
            {
              width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
            },
          );
      }),
    );
    section.end();
  }
  document.end();
  doc.end();
  return done;
}
