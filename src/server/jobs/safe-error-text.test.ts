import { describe, expect, it } from 'vitest';
import { safeErrorText } from './safe-error-text.ts';

describe('the error text kept for a failed job', () => {
  it('keeps the type, code and message', () => {
    expect(safeErrorText(Object.assign(new TypeError('bad thing'), { code: 'E_BAD' }))).toBe(
      'TypeError (E_BAD): bad thing',
    );
    expect(safeErrorText('plain')).toBe('Error: plain');
  });

  it('masks email addresses, tokens and query strings', () => {
    const error = new Error(
      '550 <jo.bloggs+cwc@example.co.uk> unknown; link https://x.example/status?epat=abc.def token eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
    );
    expect(safeErrorText(error)).toBe('Error: 550 <[email]> unknown; link https://x.example/status?[…] token [token]');
  });

  it('is short', () => {
    expect(safeErrorText(new Error('x'.repeat(2_000)))).toHaveLength(500);
  });
});
