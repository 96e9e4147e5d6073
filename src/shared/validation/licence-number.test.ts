import { describe, expect, it } from 'vitest';
import { normaliseLicenceNumber, validateSponsorLicenceNumber } from './licence-number.ts';

describe('the sponsor licence number', () => {
  it('sponsor-licence-number: required', () => {
    expect(validateSponsorLicenceNumber('')).toEqual({ 'sponsor-licence-number': 'required' });
    expect(validateSponsorLicenceNumber('  ')).toEqual({ 'sponsor-licence-number': 'required' });
    expect(validateSponsorLicenceNumber(undefined)).toEqual({ 'sponsor-licence-number': 'required' });
    expect(validateSponsorLicenceNumber('TNBHDW2R7')).toEqual({});
  });

  it('is compared trimmed and in any case', () => {
    expect(normaliseLicenceNumber(' tnbHDW2r7 ')).toBe('TNBHDW2R7');
  });
});
