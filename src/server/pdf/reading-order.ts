// Right-to-left and mixed text in a pdfkit document, laid out by the Unicode Bidirectional
// Algorithm (decision 046). pdfkit has no bidi: it lays a line out word by word, left to right in
// the order the characters were typed, and fontkit turns each word whose script is Arabic right to
// left on its own. So the words of an Arabic phrase came out in the wrong order, their spaces on
// the wrong side ("مانشستر" then "مطار" run together), and digits inside Arabic text were reversed
// ("EK ٢٠٥" printed as 502).
//
// bidi-js (a complete UBA, tested against Unicode's conformance files) resolves each character's
// embedding level over the whole paragraph and gives the visual order of each line pdfkit wrapped.
// The line is then cut into runs of one level in that order, and each run is given to fontkit in
// its typed (logical) order with its direction stated: fontkit shapes it (Arabic joining forms,
// lam-alef, marks, from the font's OpenType tables) and, for a right-to-left run only, turns the
// shaped glyphs around. Nothing here reorders characters by itself.
import bidiFactory, { type EmbeddingLevels } from 'bidi-js';

const bidi = bidiFactory();

/** A direction to shape a run in; fontkit would otherwise take it from the run's script (Arabic digits: right to left). */
export type RunDirection = 'ltr' | 'rtl';

/** pdfkit passes a text's `features` unread to the font's layout; a run's direction rides on them. */
export type DirectedFeatures = string[] & { readonly direction: RunDirection };

const FEATURES: Record<RunDirection, DirectedFeatures> = {
  ltr: Object.freeze(Object.assign([] as string[], { direction: 'ltr' as const })) as DirectedFeatures,
  rtl: Object.freeze(Object.assign([] as string[], { direction: 'rtl' as const })) as DirectedFeatures,
};

/** The direction a run's features carry, if they carry one. */
export function directionOf(features: unknown): RunDirection | undefined {
  return Array.isArray(features) && 'direction' in features ? (features as DirectedFeatures).direction : undefined;
}

// Characters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation
// forms) and the explicit marks and isolates: a text without any is laid out as pdfkit always has.
const MAY_NEED_BIDI =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

export function needsBidi(text: string): boolean {
  return MAY_NEED_BIDI.test(text);
}

/** One piece of a line, in the order it is drawn from the left: its characters in typed order, and its direction. */
export interface VisualRun {
  /** The characters to shape, brackets mirrored in a right-to-left run. */
  readonly text: string;
  /** The characters as typed. */
  readonly typed: string;
  readonly direction: RunDirection;
}

/**
 * The runs of `text[start..end]` (inclusive), one line of a paragraph whose levels are `levels`,
 * from left to right. Mirrored characters (brackets) in right-to-left runs are swapped (UBA L4).
 */
export function visualRuns(text: string, levels: EmbeddingLevels, start: number, end: number): VisualRun[] {
  // bidi-js gives the whole text's indices with this line's segments turned: the line's are its part.
  const order = bidi.getReorderedIndices(text, levels, start, end).slice(start, end + 1);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, end);
  const runs: VisualRun[] = [];
  let first = 0;
  while (first < order.length) {
    const level = levels.levels[order[first]!]!;
    const step = level % 2 === 1 ? -1 : 1;
    let last = first;
    // A run goes on while the level stays and the next character is the typed neighbour.
    while (
      last + 1 < order.length &&
      levels.levels[order[last + 1]!] === level &&
      order[last + 1] === order[last]! + step
    )
      last += 1;
    const from = Math.min(order[first]!, order[last]!);
    const to = Math.max(order[first]!, order[last]!);
    let piece = '';
    for (let index = from; index <= to; index += 1) piece += mirrored.get(index) ?? text[index];
    runs.push({ text: piece, typed: text.slice(from, to + 1), direction: step === 1 ? 'ltr' : 'rtl' });
    first = last + 1;
  }
  return runs;
}

/** pdfkit's text internals wrapped here: `_text` lays out a whole text, `_fragment` draws one line of it. */
interface TextInternals {
  _text(text: unknown, x?: unknown, y?: unknown, options?: unknown, lineCallback?: unknown): unknown;
  _fragment(text: string, x: number, y: number, options: FragmentOptions): void;
  widthOfString(text: string, options?: object): number;
}

interface FragmentOptions {
  align?: string;
  width?: number;
  lineWidth?: number;
  features?: unknown;
  textWidth?: number;
  wordCount?: number;
  [option: string]: unknown;
}

/**
 * Makes `doc` lay out every text it draws by the UBA: each paragraph's levels are resolved over the
 * whole text (a wrapped line's base direction is its paragraph's), each line drawn run by run.
 */
export function layOutInReadingOrder(doc: PDFKit.PDFDocument): void {
  const internals = doc as unknown as TextInternals;
  const layOut = internals._text.bind(doc);
  const drawLine = internals._fragment.bind(doc);
  /** The text being laid out now, its levels, and how far its lines have been drawn. */
  let current: { readonly text: string; readonly levels: EmbeddingLevels; cursor: number } | undefined;

  internals._text = (text, ...rest) => {
    const string = text == null ? '' : String(text as string);
    if (!needsBidi(string)) return layOut(text, ...rest);
    const outer = current;
    current = { text: string, levels: bidi.getEmbeddingLevels(string), cursor: 0 };
    try {
      return layOut(text, ...rest);
    } finally {
      current = outer;
    }
  };

  internals._fragment = (line, x, y, options) => {
    const drawn = String(line).replace(/\n/g, '');
    if (!needsBidi(drawn) || drawn.length === 0) return drawLine(line, x, y, options);
    // The line's place in its text (pdfkit hands the lines over in order); a line pdfkit changed
    // (a soft hyphen made visible) is resolved alone, in its paragraph's direction.
    let runs: VisualRun[];
    const at = current === undefined ? -1 : current.text.indexOf(drawn, current.cursor);
    if (current !== undefined && at >= 0) {
      current.cursor = at + drawn.length;
      runs = visualRuns(current.text, current.levels, at, at + drawn.length - 1);
    } else {
      const paragraph = current?.levels.paragraphs.find((each) => each.end >= (current?.cursor ?? 0));
      const direction = paragraph === undefined ? 'auto' : paragraph.level % 2 === 1 ? 'rtl' : 'ltr';
      runs = visualRuns(drawn, bidi.getEmbeddingLevels(drawn, direction), 0, drawn.length - 1);
    }
    const widths = runs.map((run) =>
      internals.widthOfString(run.text, { ...options, features: FEATURES[run.direction] }),
    );
    const lineWidth = widths.reduce((sum, width) => sum + width, 0);
    // The line's alignment is kept (justification is not: nothing here justifies text).
    let left = x;
    if (options.width !== undefined && options.lineWidth !== undefined) {
      if (options.align === 'right') left += options.lineWidth - lineWidth;
      if (options.align === 'center') left += (options.lineWidth - lineWidth) / 2;
    }
    runs.forEach((run, index) => {
      drawLine(run.text, left, y, {
        ...options,
        align: 'left',
        features: FEATURES[run.direction],
        textWidth: undefined,
        wordCount: undefined,
      });
      left += widths[index]!;
    });
  };
}
