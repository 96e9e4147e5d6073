import { describe, expect, it } from 'vitest';
import { newApplicationReference } from '../domain/application-reference.ts';
import { DIGIT_SETS } from '../text/ascii-digits.ts';
import { validateStatusLinkRecovery } from './status-link-recovery.ts';

const reference = newApplicationReference(() => new Uint8Array([7, 20, 3, 19, 9, 23, 15, 2, 29, 10]));
const answers = (typed: string, licence = 'LIC123456') => ({
  'application-reference': typed,
  'sponsor-licence-number': licence,
});

describe('validateStatusLinkRecovery', () => {
  it('takes a reference and a licence number', () => {
    expect(validateStatusLinkRecovery(answers(reference))).toEqual({});
  });

  it('takes a reference typed any way the references are read', () => {
    const compact = reference.replace(/-/g, '');
    const arabicDigits = reference.replace(/\d/g, (digit) => DIGIT_SETS.arabicIndic[Number(digit)]!);
    expect(arabicDigits).not.toBe(reference);
    for (const typed of [
      reference.toLowerCase(),
      ` ${compact.slice(3, 8)} ${compact.slice(8).toLowerCase()} `,
      compact.slice(3),
      arabicDigits,
    ]) {
      expect(validateStatusLinkRecovery(answers(typed)), typed).toEqual({});
    }
  });

  it('application-reference: required when empty once trimmed', () => {
    expect(validateStatusLinkRecovery(answers(''))).toEqual({ 'application-reference': 'required' });
    expect(validateStatusLinkRecovery(answers(' \t '))).toEqual({ 'application-reference': 'required' });
  });

  it('application-reference: format when it is not a reference, or its check character fails', () => {
    const mistyped = `${reference.slice(0, -1)}${reference.endsWith('0') ? '1' : '0'}`;
    for (const typed of ['CWC-', '12345', reference.slice(0, -2), mistyped, 'sponsor@example.org']) {
      expect(validateStatusLinkRecovery(answers(typed)), typed).toEqual({ 'application-reference': 'format' });
    }
  });

  it('sponsor-licence-number: the licence number rule of the status page', () => {
    expect(validateStatusLinkRecovery(answers(reference, '  '))).toEqual({ 'sponsor-licence-number': 'required' });
    expect(validateStatusLinkRecovery(answers('', ''))).toEqual({
      'application-reference': 'required',
      'sponsor-licence-number': 'required',
    });
  });
});

describe('the page’s example of a reference', () => {
  it.each(['en', 'cy', 'ar'] as const)('is one the rule takes, in %s', async (language) => {
    const { default: texts } = (await import(`../i18n/translations/${language}.json`)) as {
      default: { statusRecovery: { referenceHint: string } };
    };
    const example = /CWC-[\w-]+/.exec(texts.statusRecovery.referenceHint)?.[0] ?? '';
    expect(validateStatusLinkRecovery(answers(example))).toEqual({});
  });
});
