// The pre-clearance document (what the status page downloads): one A4 page per approved
// application, in one PDF. It states the decision, the worker, the work and the dates, and how
// to check it: a check code to type and a QR code holding a signed link to the check page
// (decision 027). DejaVu Sans is embedded (subset) so any name prints as written: Polish,
// Vietnamese, Irish, Nordic letters alike. The PDF is tagged (a structure tree with headings,
// paragraphs, figures and a table of the details, in the order the page is read) for screen readers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDateTime, formatLongDate } from '#shared/dates/format.ts';
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

/** Throwaway documents made at start-up: enough for V8 to compile the hot paths of a page. */
const WARM_UP_RENDERS = 4;

/**
 * Parses the fonts and makes a few throwaway documents, so the first real one after start-up
 * costs about what every later one does: a process's first document otherwise also pays for the
 * font tables a subset reads, for pdfkit's, fontkit's and qrcode's first use and for the compiling
 * of their hot paths, about 150 ms in all. Called as the server starts.
 */
export async function preparePreClearanceDocuments(): Promise<void> {
  fonts();
  for (let render = 0; render < WARM_UP_RENDERS; render += 1)
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
  /** This check code (K3M9-QF2X-F). */
  readonly checkCode: string;
  /** The QR code's content: the check page's address with this document's signed token. */
  readonly checkLink: string;
  readonly familyName: string;
  readonly givenNames: string;
  readonly dateOfBirth: string;
  readonly nationality: string;
  readonly passportNumber: string;
  readonly passportExpiryDate: string;
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
  applicationReference: 'CWC-00000-00000-0',
  checkCode: '0000-0000-0',
  checkLink: `https://localhost/check-a-clearance?t=${'0'.repeat(480)}`,
  familyName: 'Żółć Nguyễn',
  givenNames: 'Łukasz Seán Åsa',
  dateOfBirth: '1990-05-17',
  nationality: 'POL - Polish',
  passportNumber: 'EA0000000',
  passportExpiryDate: '2030-01-01',
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

/** "02 March 2026 at 10:00 (UK time)": the moment a document was made, as the sponsor's clock said it. */
function issuedOnText(at: Date): string {
  return `${formatLongDate(at)} at ${formatDateTime(at).slice(-5)} (UK time)`;
}

function rows(details: PreClearanceDetails, issuedOn: string): Array<[string, string]> {
  const flight =
    details.methodOfArrival === 'plane'
      ? [['Flight', `${details.carrier} ${details.flightNumber}`.trim()] as [string, string]]
      : [];
  // A passport that shows only one name has no given names (decision 029): one Name line, nothing invented.
  const names: Array<[string, string]> =
    details.givenNames.trim() === ''
      ? [['Name', details.familyName]]
      : [
          ['Given names', details.givenNames],
          ['Family name', details.familyName],
        ];
  return [
    ...names,
    ['Date of birth', day(details.dateOfBirth)],
    ['Nationality', details.nationality],
    ['Passport number', details.passportNumber],
    ['Passport expiry date', day(details.passportExpiryDate)],
    ['Certificate of sponsorship number', details.cosReference],
    ['Sponsor', details.sponsorName],
    ['Sponsor licence number', details.sponsorReference],
    ['Date of arrival in the UK', day(details.arrivalDate)],
    ['Method of arrival', METHODS[details.methodOfArrival] ?? details.methodOfArrival],
    ...flight,
    ['Place of departure', details.placeOfDeparture],
    ['Place of arrival in the UK', details.portOfArrival],
    ['Work dates', `${day(details.firstWorkDate)} to ${day(details.lastWorkDate)}`],
    ['Leave the UK no later than', day(details.leaveDate)],
    ['Application reference', details.applicationReference],
    ['Document issued on', issuedOn],
  ];
}

function conditions(details: PreClearanceDetails): string[] {
  return [
    `This clearance is for paid creative work for ${details.sponsorName} from ${day(details.firstWorkDate)} to ${day(details.lastWorkDate)} only.`,
    `The worker must leave the UK no later than ${day(details.leaveDate)}.`,
    'It is valid only with the passport named above, and only while the check page says it is valid.',
  ];
}

// The crest is govuk-frontend's own (its footer's), drawn from the SVG's paths: all filled, in
// one colour, without transforms. Its 35 KB of path data is turned into PDF drawing operators once
// per process (by pdfkit's own SVG path reader, into a throwaway document) and compressed, and each
// PDF holds them once, as a form XObject every page draws: not 35 KB and a path parse per page.
const CREST_FILE = 'govuk-frontend/dist/govuk/assets/images/govuk-crest.svg';
const CREST_NAME = 'Crest';
let crest: { readonly width: number; readonly height: number; readonly operators: Buffer } | undefined;

function crestDrawing(): NonNullable<typeof crest> {
  if (crest === undefined) {
    const svg = readFileSync(require.resolve(CREST_FILE), 'utf8');
    const size = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
    const paths = [...svg.matchAll(/<path[^>]*\bd="([^"]+)"/g)].map((match) => match[1]!);
    if (size === null || paths.length === 0) throw new Error(`${CREST_FILE} is not the crest this code expects`);
    const recorder = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
    const operators: string[] = [];
    (recorder as unknown as PdfkitInternals).addContent = (data: string) => operators.push(data);
    for (const path of paths) recorder.path(path);
    operators.push('f');
    // Compressed here once, not by pdfkit for every PDF (a stream that names its filter is written as it is).
    crest = { width: Number(size[1]), height: Number(size[2]), operators: deflateSync(operators.join('\n')) };
  }
  return crest;
}

/** pdfkit's internals this file uses to draw one drawing on many pages: objects, a page's XObjects, raw content. */
interface PdfkitInternals {
  ref(data: object): { end(content: string | Uint8Array): void };
  addContent(data: string): unknown;
  page: { xobjects: Record<string, unknown> };
}

/** The crest as a form XObject of `doc`, to be drawn on each of its pages. */
function crestForm(doc: PDFKit.PDFDocument): unknown {
  const { width, height, operators } = crestDrawing();
  const form = (doc as unknown as PdfkitInternals).ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [0, 0, width, height],
    Filter: 'FlateDecode',
  });
  form.end(operators);
  return form;
}

const TEXT_COLOUR = '#0b0c0c';
const SUCCESS_COLOUR = '#00703c';
const QR_SIZE = 140;
const QR_QUIET_ZONE = 4;

/** One PDF with a document for each application, in the order given. */
export function renderPreClearanceDocuments(
  documents: readonly PreClearanceDetails[],
  issuedAt: Date,
): Promise<Buffer> {
  if (documents.length === 0) return Promise.reject(new Error('At least one document is needed'));
  const issuedOn = issuedOnText(issuedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    autoFirstPage: false,
    // No default font: pdfkit would load Helvetica (no glyphs beyond Latin-1) and the default can
    // only be a path or a name, which pdfkit would parse again. DejaVu Sans is chosen below.
    font: null as unknown as string,
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: 'Pre-clearance document: remote clearance granted',
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
  const crestObject = crestForm(doc);
  for (const details of documents) {
    doc.addPage();
    (doc as unknown as PdfkitInternals).page.xobjects[CREST_NAME] = crestObject;
    const section = doc.struct('Sect');
    document.add(section);
    renderPage(doc, section, details, issuedOn);
    section.end();
  }
  document.end();
  doc.end();
  return done;
}

function renderPage(
  doc: PDFKit.PDFDocument,
  section: PDFKit.PDFStructureElement,
  details: PreClearanceDetails,
  issuedOn: string,
): void {
  const left = doc.page.margins.left;
  const fullWidth = doc.page.width - left - doc.page.margins.right;
  const qrLeft = left + fullWidth - QR_SIZE;
  // Beside the QR code, the heading and the decision keep clear of it.
  const besideQr = fullWidth - QR_SIZE - 20;
  const top = doc.page.margins.top;

  const { width, height } = crestDrawing();
  const crestHeight = 36;
  section.add(
    doc.struct('Figure', { alt: 'Royal coat of arms' }, () => {
      doc
        .save()
        .translate(left, top)
        .scale(crestHeight / height)
        .fillColor(TEXT_COLOUR);
      (doc as unknown as PdfkitInternals).addContent(`/${CREST_NAME} Do`);
      doc.restore();
    }),
  );
  const crestWidth = (width * crestHeight) / height;
  section.add(
    doc.struct('P', {}, () => {
      doc
        .font(REGULAR_FONT)
        .fontSize(10)
        .fillColor(TEXT_COLOUR)
        .text(SERVICE_NAME, left + crestWidth + 10, top + 4, { width: besideQr - crestWidth - 10 });
    }),
  );

  doc.y = top + crestHeight + 16;
  section.add(
    doc.struct('H1', {}, () => {
      doc.font(BOLD_FONT).fontSize(22).fillColor(TEXT_COLOUR).text('Pre-clearance document', left, doc.y, {
        width: besideQr,
      });
    }),
  );
  doc.moveDown(0.4);
  const decisionTop = doc.y;
  section.add(
    doc.struct('H2', {}, () => {
      doc
        .font(BOLD_FONT)
        .fontSize(15)
        .fillColor(SUCCESS_COLOUR)
        .text('Remote clearance granted', left + 14, decisionTop + 4, { width: besideQr - 14 });
    }),
  );
  section.add(
    doc.struct('P', {}, () => {
      doc
        .moveDown(0.2)
        .font(REGULAR_FONT)
        .fontSize(10.5)
        .fillColor(TEXT_COLOUR)
        .text(
          'The temporary creative worker named below may enter the UK from the Republic of Ireland for the paid creative work and dates shown. Show this document with the passport named below when asked.',
          { width: besideQr - 14 },
        );
    }),
  );
  const decisionBottom = doc.y + 4;
  // The bar beside the decision is decoration: an artifact, outside the structure screen readers read.
  doc.markContent('Artifact', { type: 'Layout' });
  doc.rect(left, decisionTop, 5, decisionBottom - decisionTop).fill(SUCCESS_COLOUR);
  doc.endMarkedContent();

  renderCheckCode(doc, section, details, qrLeft, top);
  const checkBottom = doc.y;

  doc.y = Math.max(decisionBottom, checkBottom) + 18;
  // One page per worker, whatever the lengths of the answers: the details, conditions and how to
  // check are set smaller when at the usual size they would not fit.
  const available = doc.page.height - doc.page.margins.bottom - doc.y;
  const size = BODY_SIZES.find((body) => lowerPartHeight(doc, details, issuedOn, fullWidth, body) <= available);
  const body = size ?? BODY_SIZES.at(-1)!;
  renderDetails(doc, section, details, issuedOn, left, fullWidth, body);

  doc.moveDown(0.8);
  section.add(
    doc.struct('H2', {}, () => {
      doc
        .font(BOLD_FONT)
        .fontSize(body + HEADING_STEP)
        .fillColor(TEXT_COLOUR)
        .text('Conditions', left, doc.y, { width: fullWidth });
    }),
  );
  const list = doc.struct('L');
  section.add(list);
  for (const condition of conditions(details)) {
    const item = doc.struct('LI');
    list.add(item);
    doc.moveDown(0.2);
    const y = doc.y;
    item.add(doc.struct('Lbl', {}, () => doc.font(REGULAR_FONT).fontSize(body).text('•', left, y)));
    // Wrapped lines hang under the text, not under the bullet.
    item.add(
      doc.struct('LBody', {}, () => doc.text(condition, left + BULLET_INDENT, y, { width: fullWidth - BULLET_INDENT })),
    );
    item.end();
  }
  list.end();

  doc.moveDown(0.8);
  section.add(
    doc.struct('H2', {}, () => {
      doc
        .font(BOLD_FONT)
        .fontSize(body + HEADING_STEP)
        .text('Check this document', left, doc.y, { width: fullWidth });
    }),
  );
  section.add(
    doc.struct('P', {}, () => {
      doc.moveDown(0.2).font(REGULAR_FONT).fontSize(body).text(howToCheck(details), left, doc.y, { width: fullWidth });
    }),
  );
}

/** The text sizes the lower part of a page may take, largest first: the usual one, then smaller until it fits. */
const BODY_SIZES = [10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5];
/** How much larger a heading of the lower part is than its text. */
const HEADING_STEP = 2.5;
const BULLET_INDENT = 14;
const LABEL_WIDTH = 200;
const ROW_GAP = 5;

function howToCheck(details: PreClearanceDetails): string {
  const checkPage = details.checkLink.split('?')[0]!;
  return `Scan the QR code, or go to ${checkPage} and enter the check code ${details.checkCode} and the worker’s date of birth. The answer on that page is what counts: a clearance can be withdrawn after this document was issued.`;
}

/**
 * The height of the details, conditions and how to check at body size `size`, as renderPage sets
 * them (a gap between blocks is counted at the larger of the line heights it may be taken at).
 */
function lowerPartHeight(
  doc: PDFKit.PDFDocument,
  details: PreClearanceDetails,
  issuedOn: string,
  fullWidth: number,
  size: number,
): number {
  const measure = (font: string, fontSize: number, text: string, width: number) =>
    doc.font(font).fontSize(fontSize).heightOfString(text, { width });
  let height = 0;
  for (const [label, value] of rows(details, issuedOn)) {
    const labelHeight = measure(BOLD_FONT, size, label, LABEL_WIDTH - 12);
    height += Math.max(labelHeight, measure(REGULAR_FONT, size, value === '' ? '—' : value, fullWidth - LABEL_WIDTH));
    height += ROW_GAP;
  }
  const gap = doc
    .font(BOLD_FONT)
    .fontSize(size + HEADING_STEP)
    .currentLineHeight(true);
  height += 2 * (0.8 * gap + measure(BOLD_FONT, size + HEADING_STEP, 'Check this document', fullWidth));
  for (const condition of conditions(details))
    height += 0.2 * gap + measure(REGULAR_FONT, size, condition, fullWidth - BULLET_INDENT);
  return height + 0.2 * gap + measure(REGULAR_FONT, size, howToCheck(details), fullWidth);
}

/** The QR code (a link on screen too) and the check code under it, at the top right. */
function renderCheckCode(
  doc: PDFKit.PDFDocument,
  section: PDFKit.PDFStructureElement,
  details: PreClearanceDetails,
  x: number,
  y: number,
): void {
  // One byte-mode segment, as the link's lower-case letters need anyway: qrcode's search for the
  // shortest mix of modes would otherwise cost more than the rest of the page.
  const { modules } = QRCode.create([{ data: Buffer.from(details.checkLink), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  const count = modules.size + 2 * QR_QUIET_ZONE;
  const unit = QR_SIZE / count;
  section.add(
    doc.struct('Figure', { alt: `QR code: a link to the check page for check code ${details.checkCode}` }, () => {
      // Each run of dark modules in a row is one rectangle, in modules (whole numbers, the page's
      // scale set once), all written as one piece of content and filled at once: a thousand
      // pdfkit calls would cost more than the rest of the page.
      const rectangles: string[] = [];
      for (let row = 0; row < modules.size; row += 1) {
        let column = 0;
        while (column < modules.size) {
          if (!modules.get(row, column)) {
            column += 1;
            continue;
          }
          const start = column;
          while (column < modules.size && modules.get(row, column)) column += 1;
          rectangles.push(`${QR_QUIET_ZONE + start} ${QR_QUIET_ZONE + row} ${column - start} 1 re`);
        }
      }
      doc.save().translate(x, y).scale(unit).fillColor('#000000');
      (doc as unknown as PdfkitInternals).addContent(`${rectangles.join('\n')}\nf`);
      doc.restore();
    }),
  );
  doc.link(x, y, QR_SIZE, QR_SIZE, details.checkLink);
  section.add(
    doc.struct('P', {}, () => {
      doc
        .font(REGULAR_FONT)
        .fontSize(10)
        .fillColor(TEXT_COLOUR)
        .text('Check code', x, y + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });
      doc.font(BOLD_FONT).fontSize(15).text(details.checkCode, x, doc.y, { width: QR_SIZE, align: 'center' });
    }),
  );
}

/** The table of the worker's, the work's and the document's details. */
function renderDetails(
  doc: PDFKit.PDFDocument,
  section: PDFKit.PDFStructureElement,
  details: PreClearanceDetails,
  issuedOn: string,
  left: number,
  fullWidth: number,
  size: number,
): void {
  const table = doc.struct('Table');
  section.add(table);
  const labelWidth = LABEL_WIDTH;
  const valueX = left + labelWidth;
  const valueWidth = fullWidth - labelWidth;
  for (const [label, value] of rows(details, issuedOn)) {
    const y = doc.y;
    const row = doc.struct('TR');
    table.add(row);
    row.add(
      doc.struct('TH', {}, () => {
        doc
          .font(BOLD_FONT)
          .fontSize(size)
          .fillColor(TEXT_COLOUR)
          .text(label, left, y, { width: labelWidth - 12 });
      }),
    );
    const labelBottom = doc.y;
    row.add(
      doc.struct('TD', {}, () => {
        doc
          .font(REGULAR_FONT)
          .fontSize(size)
          .text(value === '' ? '—' : value, valueX, y, { width: valueWidth });
      }),
    );
    doc.y = Math.max(labelBottom, doc.y) + ROW_GAP;
    row.end();
  }
  table.end();
}
