// The pre-clearance document (what the status page downloads): one A4 page per approved
// application, in one PDF. It states the decision, the worker, the work and the dates, and how
// to check it: a check code to type and a QR code holding a signed link to the check page
// (decision 027). DejaVu Sans is embedded (subset) so any name prints as written: Polish,
// Vietnamese, Irish, Nordic letters alike. The PDF is tagged (a structure tree with headings,
// paragraphs, figures and a table of the details, in the order the page is read) for screen readers.
// The document is in English, for the officers who read it; when the sponsor used Welsh, each
// label, heading and sentence carries its Welsh text too, beneath the English (decision 032).
// DejaVu Sans has every Welsh letter (ŵ, ŷ, â…). The texts are the translation files' `document`
// section.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { TFunction } from 'i18next';
import { formatDateTime, formatLongDate } from '#shared/dates/format.ts';
import { documentLabel } from '#shared/domain/answer-fields.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { textsIn } from '../i18n/server-texts.ts';
import { SERVICE_NAME } from '../service-name.ts';
import { directionOf, layOutInReadingOrder } from './reading-order.ts';

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
    // A run of a line laid out by the UBA comes with its direction (reading-order.ts): shaped in
    // it, whatever fontkit would take from the run's script (Arabic digits read left to right).
    const direction = directionOf(more[0]);
    // Other features, a script or a direction asked for: shaped as asked, not cached.
    if (direction === undefined && more.some((option) => option !== undefined)) return shape(text, ...more);
    const key = direction === undefined ? text : `${direction}\u0000${text}`;
    let run = runs.get(key);
    if (run === undefined) {
      run = direction === undefined ? shape(text) : shape(text, [], undefined, undefined, direction);
      if (runs.size >= LAYOUT_CACHE_SIZE) runs.delete(runs.keys().next().value as string);
      runs.set(key, run);
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
    await renderPreClearanceDocuments([WARM_UP_DETAILS], new Date(0), render % 2 === 0 ? 'en' : 'cy');
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

/**
 * The document's words: English, and beneath each text its Welsh when the sponsor used Welsh.
 * `say` gives a text in both (English, a line break, Welsh); `day` a date, in both when Welsh.
 */
interface Words {
  /** The text of `key` in English, then on its own line in Welsh when the document carries Welsh; `days` are YYYY-MM-DD, written in each language. */
  say(key: string, values?: Record<string, string>, days?: Record<string, string>): string;
  /** Short texts side by side (a heading): "English / Cymraeg". */
  sayBeside(key: string): string;
  /** A calendar day, given as YYYY-MM-DD, in English (the value of a detail). */
  day(iso: string): string;
  /** The moment the document was made, as `issuedOn` says it. */
  readonly issuedOn: string;
  /** The space between two rows of the details. */
  readonly rowGap: number;
}

const english = textsIn('en');
const welshTexts = textsIn('cy');

function wordsFor(language: Language, issuedAt: Date): Words {
  const languages: ReadonlyArray<readonly [TFunction, Language]> =
    language === 'cy'
      ? [
          [english, 'en'],
          [welshTexts, 'cy'],
        ]
      : [[english, 'en']];
  // Dates inside a sentence are in the sentence's language.
  const inEach = (key: string, values: (lang: Language) => Record<string, string>) =>
    languages.map(([t, lang]) => t(key, values(lang)));
  const dayIn = (iso: string, lang: Language) => (iso === '' ? '' : formatLongDate(iso, lang));
  return {
    say: (key, values = {}, days = {}) =>
      inEach(key, (lang) => ({
        ...values,
        ...Object.fromEntries(Object.entries(days).map(([name, iso]) => [name, dayIn(iso, lang)])),
      })).join('\n'),
    sayBeside: (key) => inEach(key, () => ({})).join(' / '),
    day: (iso) => dayIn(iso, 'en'),
    rowGap: languages.length > 1 ? BILINGUAL_ROW_GAP : ROW_GAP,
    // "02 March 2026 at 10:00 (UK time)": the moment a document was made, as the sponsor's clock said it.
    issuedOn: inEach('document.issuedOn', (lang) => ({
      date: formatLongDate(issuedAt, lang),
      time: formatDateTime(issuedAt).slice(-5),
    })).join('\n'),
  };
}

// An answer's row is labelled as the table of answers says (#shared/domain/answer-fields.ts); the
// rows that join answers (the name of one-name passports, the flight, the work dates) or show what
// the service adds (the leave date, the reference, the issue) have labels of their own.
function rows(details: PreClearanceDetails, words: Words): Array<[string, string]> {
  const { say, day } = words;
  const flight =
    details.methodOfArrival === 'plane'
      ? [[say('document.labels.flight'), `${details.carrier} ${details.flightNumber}`.trim()] as [string, string]]
      : [];
  // A passport that shows only one name has no given names (decision 029): one Name line, nothing invented.
  const names: Array<[string, string]> =
    details.givenNames.trim() === ''
      ? [[say('document.labels.name'), details.familyName]]
      : [
          [say(documentLabel('given-name')), details.givenNames],
          [say(documentLabel('family-name')), details.familyName],
        ];
  const method =
    details.methodOfArrival === 'plane'
      ? say('document.methods.plane')
      : details.methodOfArrival === 'road'
        ? say('document.methods.road')
        : details.methodOfArrival;
  return [
    ...names,
    [say(documentLabel('date-of-birth')), day(details.dateOfBirth)],
    [say(documentLabel('nationality')), details.nationality],
    [say(documentLabel('passport-number')), details.passportNumber],
    [say(documentLabel('passport-expiry-date')), day(details.passportExpiryDate)],
    [say(documentLabel('cos-reference')), details.cosReference],
    [say(documentLabel('sponsor-name')), details.sponsorName],
    [say(documentLabel('sponsor-reference')), details.sponsorReference],
    [say(documentLabel('date-of-arrival')), day(details.arrivalDate)],
    [say(documentLabel('method-of-arrival')), method],
    ...flight,
    [say(documentLabel('port-of-departure')), details.placeOfDeparture],
    [say(documentLabel('port-of-arrival')), details.portOfArrival],
    [
      say('document.labels.workDates'),
      say('document.workDates', {}, { from: details.firstWorkDate, to: details.lastWorkDate }),
    ],
    [say('document.labels.leaveBy'), day(details.leaveDate)],
    [say('document.labels.reference'), details.applicationReference],
    [say('document.labels.issuedOn'), words.issuedOn],
  ];
}

function conditions(details: PreClearanceDetails, { say }: Words): string[] {
  return [
    say(
      'document.conditions.work',
      { sponsor: details.sponsorName },
      { from: details.firstWorkDate, to: details.lastWorkDate },
    ),
    say('document.conditions.leave', {}, { date: details.leaveDate }),
    say('document.conditions.passport'),
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
  /** The language the sponsor used: Welsh adds the Welsh text beneath the English; any other, English only. */
  language: Language = 'en',
): Promise<Buffer> {
  if (documents.length === 0) return Promise.reject(new Error('At least one document is needed'));
  const words = wordsFor(language, issuedAt);
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
  // Answers may be typed in Arabic (a name, a sponsor, a place): every text is laid out by the UBA.
  layOutInReadingOrder(doc);

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
    renderPage(doc, section, details, words);
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
  words: Words,
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
      doc.font(BOLD_FONT).fontSize(22).fillColor(TEXT_COLOUR).text(words.say('document.title'), left, doc.y, {
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
        .text(words.say('document.granted'), left + 14, decisionTop + 4, { width: besideQr - 14 });
    }),
  );
  section.add(
    doc.struct('P', {}, () => {
      doc
        .moveDown(0.2)
        .font(REGULAR_FONT)
        .fontSize(10.5)
        .fillColor(TEXT_COLOUR)
        .text(words.say('document.intro'), { width: besideQr - 14 });
    }),
  );
  const decisionBottom = doc.y + 4;
  // The bar beside the decision is decoration: an artifact, outside the structure screen readers read.
  doc.markContent('Artifact', { type: 'Layout' });
  doc.rect(left, decisionTop, 5, decisionBottom - decisionTop).fill(SUCCESS_COLOUR);
  doc.endMarkedContent();

  renderCheckCode(doc, section, details, words, qrLeft, top);
  const checkBottom = doc.y;

  doc.y = Math.max(decisionBottom, checkBottom) + 18;
  // One page per worker when the details, conditions and how to check fit at 9 pt or more: they
  // are set smaller, down to 9 pt, to fit. Below 9 pt a page is no longer readable (a bilingual
  // page, each text twice, rarely fits at all): the text then flows on to a continuation page,
  // which carries the same QR code and check code, the worker's name and the reference.
  const available = doc.page.height - doc.page.margins.bottom - doc.y;
  const size = BODY_SIZES.find((body) => lowerPartHeight(doc, details, words, fullWidth, body) <= available);
  const body = size ?? BODY_SIZES.at(-1)!;
  const flow = flowing(doc, section, details, words, { left, fullWidth, qrLeft, top, body, fits: size !== undefined });
  renderDetails(doc, section, details, words, left, fullWidth, body, flow);

  const conditionItems = conditions(details, words);
  const headingHeight = (key: string) =>
    0.8 * lineHeight(doc, BOLD_FONT, body + HEADING_STEP) +
    measure(doc, BOLD_FONT, body + HEADING_STEP, words.sayBeside(key), fullWidth);
  const itemHeight = (condition: string) =>
    0.2 * lineHeight(doc, BOLD_FONT, body + HEADING_STEP) +
    measure(doc, REGULAR_FONT, body, condition, fullWidth - BULLET_INDENT);
  // A heading is kept with what follows it.
  flow.room(headingHeight('document.conditionsHeading') + itemHeight(conditionItems[0]!));
  doc.moveDown(0.8);
  section.add(
    doc.struct('H2', {}, () => {
      doc
        .font(BOLD_FONT)
        .fontSize(body + HEADING_STEP)
        .fillColor(TEXT_COLOUR)
        .text(words.sayBeside('document.conditionsHeading'), left, doc.y, { width: fullWidth });
    }),
  );
  const list = doc.struct('L');
  section.add(list);
  for (const condition of conditionItems) {
    flow.room(itemHeight(condition));
    const item = doc.struct('LI');
    list.add(item);
    doc.moveDown(0.2);
    const y = doc.y;
    item.add(
      doc.struct('Lbl', {}, () => doc.font(REGULAR_FONT).fontSize(body).fillColor(TEXT_COLOUR).text('•', left, y)),
    );
    // Wrapped lines hang under the text, not under the bullet.
    item.add(
      doc.struct('LBody', {}, () => doc.text(condition, left + BULLET_INDENT, y, { width: fullWidth - BULLET_INDENT })),
    );
    item.end();
  }
  list.end();

  const check = howToCheck(details, words);
  flow.room(
    headingHeight('document.checkHeading') +
      0.2 * lineHeight(doc, BOLD_FONT, body + HEADING_STEP) +
      measure(doc, REGULAR_FONT, body, check, fullWidth),
  );
  doc.moveDown(0.8);
  section.add(
    doc.struct('H2', {}, () => {
      doc
        .font(BOLD_FONT)
        .fontSize(body + HEADING_STEP)
        .fillColor(TEXT_COLOUR)
        .text(words.sayBeside('document.checkHeading'), left, doc.y, { width: fullWidth });
    }),
  );
  section.add(
    doc.struct('P', {}, () => {
      doc.moveDown(0.2).font(REGULAR_FONT).fontSize(body).text(check, left, doc.y, {
        width: fullWidth,
      });
    }),
  );
}

/** The smallest text on a document: below it a page is not comfortably read, least of all a bilingual one. */
const SMALLEST_TEXT = 9;

/** Where the lower part of a worker's pages goes next: `room` moves to a continuation page when a block would not fit. */
interface Flow {
  room(height: number): void;
}

function flowing(
  doc: PDFKit.PDFDocument,
  section: PDFKit.PDFStructureElement,
  details: PreClearanceDetails,
  words: Words,
  page: {
    readonly left: number;
    readonly fullWidth: number;
    readonly qrLeft: number;
    readonly top: number;
    readonly body: number;
    readonly fits: boolean;
  },
): Flow {
  // On a page that is continued, room is kept at the bottom for the note that says so.
  const noteHeight = lineHeight(doc, REGULAR_FONT, SMALLEST_TEXT) + 6;
  const bottom = () => doc.page.height - doc.page.margins.bottom - (page.fits ? 0 : noteHeight);
  return {
    room(height) {
      if (page.fits || doc.y + height <= bottom()) return;
      const noteY = doc.page.height - doc.page.margins.bottom - lineHeight(doc, REGULAR_FONT, SMALLEST_TEXT);
      section.add(
        doc.struct('P', {}, () => {
          const note = words.sayBeside('document.continuedOnNextPage');
          doc.font(REGULAR_FONT).fontSize(SMALLEST_TEXT).fillColor(TEXT_COLOUR);
          // No width: one line, right-aligned by hand, which pdfkit never moves to a new page.
          doc.text(note, page.left + page.fullWidth - doc.widthOfString(note), noteY, { lineBreak: false });
        }),
      );
      doc.addPage();
      // The same document's QR code and check code: any page of it can be checked on its own.
      renderCheckCode(doc, section, details, words, page.qrLeft, page.top);
      const checkBottom = doc.y;
      const besideQr = page.qrLeft - page.left - 20;
      section.add(
        doc.struct('P', {}, () => {
          doc
            .font(BOLD_FONT)
            .fontSize(14)
            .fillColor(TEXT_COLOUR)
            .text(words.say('document.continued'), page.left, page.top, { width: besideQr });
          doc.moveDown(0.3);
          doc
            .font(REGULAR_FONT)
            .fontSize(10.5)
            .text(workerName(details), { width: besideQr })
            .text(details.applicationReference, { width: besideQr });
        }),
      );
      doc.y = Math.max(doc.y, checkBottom) + 18;
    },
  };
}

function workerName(details: PreClearanceDetails): string {
  return [details.givenNames.trim(), details.familyName].filter((name) => name !== '').join(' ');
}

function measure(doc: PDFKit.PDFDocument, font: string, size: number, text: string, width: number): number {
  return doc.font(font).fontSize(size).heightOfString(text, { width });
}

function lineHeight(doc: PDFKit.PDFDocument, font: string, size: number): number {
  return doc.font(font).fontSize(size).currentLineHeight(true);
}

/** The text sizes the lower part of a page may take, largest first: the usual one, then smaller until it fits. */
const BODY_SIZES = [10.5, 10, 9.5, SMALLEST_TEXT];
/** How much larger a heading of the lower part is than its text. */
const HEADING_STEP = 2.5;
const BULLET_INDENT = 14;
const LABEL_WIDTH = 200;
const ROW_GAP = 5;
/** The gap between the rows of a bilingual document: each label takes two lines there, and one page must still hold them. */
const BILINGUAL_ROW_GAP = 2;

function howToCheck(details: PreClearanceDetails, { say }: Words): string {
  const checkPage = details.checkLink.split('?')[0]!;
  return say('document.howToCheck', { checkPage, checkCode: details.checkCode });
}

/**
 * The height of the details, conditions and how to check at body size `size`, as renderPage sets
 * them (a gap between blocks is counted at the larger of the line heights it may be taken at).
 */
function lowerPartHeight(
  doc: PDFKit.PDFDocument,
  details: PreClearanceDetails,
  words: Words,
  fullWidth: number,
  size: number,
): number {
  const measure = (font: string, fontSize: number, text: string, width: number) =>
    doc.font(font).fontSize(fontSize).heightOfString(text, { width });
  let height = 0;
  for (const [label, value] of rows(details, words)) {
    const labelHeight = measure(BOLD_FONT, size, label, LABEL_WIDTH - 12);
    height += Math.max(labelHeight, measure(REGULAR_FONT, size, value === '' ? '—' : value, fullWidth - LABEL_WIDTH));
    height += words.rowGap;
  }
  const gap = doc
    .font(BOLD_FONT)
    .fontSize(size + HEADING_STEP)
    .currentLineHeight(true);
  height +=
    2 * (0.8 * gap + measure(BOLD_FONT, size + HEADING_STEP, words.sayBeside('document.checkHeading'), fullWidth));
  for (const condition of conditions(details, words))
    height += 0.2 * gap + measure(REGULAR_FONT, size, condition, fullWidth - BULLET_INDENT);
  return height + 0.2 * gap + measure(REGULAR_FONT, size, howToCheck(details, words), fullWidth);
}

/** The QR code (a link on screen too) and the check code under it, at the top right. */
function renderCheckCode(
  doc: PDFKit.PDFDocument,
  section: PDFKit.PDFStructureElement,
  details: PreClearanceDetails,
  words: Words,
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
        .text(words.sayBeside('document.checkCode'), x, y + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });
      doc.font(BOLD_FONT).fontSize(15).text(details.checkCode, x, doc.y, { width: QR_SIZE, align: 'center' });
    }),
  );
}

/** The table of the worker's, the work's and the document's details. */
function renderDetails(
  doc: PDFKit.PDFDocument,
  section: PDFKit.PDFStructureElement,
  details: PreClearanceDetails,
  words: Words,
  left: number,
  fullWidth: number,
  size: number,
  flow: Flow,
): void {
  const table = doc.struct('Table');
  section.add(table);
  const labelWidth = LABEL_WIDTH;
  const valueX = left + labelWidth;
  const valueWidth = fullWidth - labelWidth;
  for (const [label, value] of rows(details, words)) {
    // A row is never split between pages.
    flow.room(
      Math.max(
        measure(doc, BOLD_FONT, size, label, labelWidth - 12),
        measure(doc, REGULAR_FONT, size, value === '' ? '—' : value, valueWidth),
      ),
    );
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
    doc.y = Math.max(labelBottom, doc.y) + words.rowGap;
    row.end();
  }
  table.end();
}
