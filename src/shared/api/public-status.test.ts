import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  maskPassportNumber,
  newStatusLinkRequestSchema,
  newStatusLinkResponseSchema,
  pdfMakerRequestSchema,
  publicStatusRequestSchema,
} from './public-status.ts';

describe('maskPassportNumber', () => {
  it('hides every character but the last 3', () => {
    expect(maskPassportNumber('AB1234567')).toBe('••••••567');
    expect(maskPassportNumber('ABCD')).toBe('•BCD');
    expect(maskPassportNumber('ABC')).toBe('ABC');
    expect(maskPassportNumber('')).toBe('');
  });
});

describe('the request schemas', () => {
  it('take a token and a licence number, and for documents 1 to 10 applicant ids', () => {
    expect(v.is(publicStatusRequestSchema, { publicAccessTokenJWT: 'a.b.c', sponsorLicenceNumber: 'X' })).toBe(true);
    expect(v.is(publicStatusRequestSchema, { publicAccessTokenJWT: '', sponsorLicenceNumber: 'X' })).toBe(false);
    expect(
      v.is(publicStatusRequestSchema, { publicAccessTokenJWT: 'a.b.c', sponsorLicenceNumber: 'X', extra: 1 }),
    ).toBe(false);
    const request = { publicAccessTokenJWT: 'a.b.c', sponsorLicenceNumber: 'X' };
    expect(v.is(pdfMakerRequestSchema, { ...request, applicantIds: ['id'] })).toBe(true);
    expect(v.is(pdfMakerRequestSchema, { ...request, applicantIds: [] })).toBe(false);
    expect(
      v.is(pdfMakerRequestSchema, { ...request, applicantIds: Array.from({ length: 11 }, (_, i) => `id${i}`) }),
    ).toBe(false);
  });
});

describe('the new-link call', () => {
  it('takes the old token and a licence number, nothing else, and answers only { sent: true }', () => {
    expect(v.is(newStatusLinkRequestSchema, { publicAccessTokenJWT: 'a.b.c', sponsorLicenceNumber: 'X' })).toBe(true);
    expect(v.is(newStatusLinkRequestSchema, { publicAccessTokenJWT: 'a.b.c' })).toBe(false);
    // Never an address to send to: the link goes to the sponsor email stored for the submission.
    expect(
      v.is(newStatusLinkRequestSchema, {
        publicAccessTokenJWT: 'a.b.c',
        sponsorLicenceNumber: 'X',
        email: 'a@example.org',
      }),
    ).toBe(false);
    expect(v.is(newStatusLinkResponseSchema, { sent: true })).toBe(true);
    expect(v.is(newStatusLinkResponseSchema, { sent: false })).toBe(false);
  });
});
