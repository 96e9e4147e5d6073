import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { needsBidi, visualRuns } from './reading-order.ts';

const bidi = bidiFactory();
const runsOf = (text: string, start = 0, end = text.length - 1) =>
  visualRuns(text, bidi.getEmbeddingLevels(text), start, end).map(({ text: run, direction }) => [run, direction]);

describe('a line cut into runs in visual order', () => {
  it('keeps Arabic-Indic digits a left-to-right run after Latin', () => {
    expect(runsOf('EK ٢٠٥')).toEqual([
      ['EK ', 'ltr'],
      ['٢٠٥', 'ltr'],
    ]);
  });

  it('gives an Arabic phrase as one right-to-left run in typed order, for the font to shape and turn', () => {
    expect(runsOf('مطار مانشستر')).toEqual([['مطار مانشستر', 'rtl']]);
  });

  it('puts the runs of a right-to-left paragraph right to left, digits and mirrored brackets included', () => {
    // From the left: the closing bracket, drawn mirrored; the digit; then the words, typed order.
    expect(runsOf('مطار مانشستر (المبنى ٢)')).toEqual([
      ['(', 'rtl'],
      ['٢', 'ltr'],
      ['مطار مانشستر )المبنى ', 'rtl'],
    ]);
  });

  it('resolves a wrapped line within its paragraph: an English sentence stays left to right', () => {
    const sentence = 'work for مؤسسة الفنون from 13 March';
    expect(runsOf(sentence)).toEqual([
      ['work for ', 'ltr'],
      ['مؤسسة الفنون', 'rtl'],
      [' from 13 March', 'ltr'],
    ]);
    // Its second line, starting with Arabic, is still part of a left-to-right paragraph.
    const start = sentence.indexOf('الفنون');
    expect(runsOf(sentence, start)).toEqual([
      ['الفنون', 'rtl'],
      [' from 13 March', 'ltr'],
    ]);
  });

  it('leaves text without right-to-left characters to pdfkit as it is', () => {
    expect(needsBidi('Żółć Nguyễn Llŷr')).toBe(false);
    expect(needsBidi('EK ٢٠٥')).toBe(true);
    expect(needsBidi('שלום')).toBe(true);
  });
});
