import { describe, expect, it } from 'vitest';
import { sameLicenceNumber } from './status-access.ts';

describe('sameLicenceNumber', () => {
  it('compares trimmed and case-insensitively', () => {
    expect(sameLicenceNumber('LIC123456', ' lic123456 ')).toBe(true);
    expect(sameLicenceNumber('LIC123456', 'LIC12345')).toBe(false);
    expect(sameLicenceNumber('LIC123456', '')).toBe(false);
  });
});
