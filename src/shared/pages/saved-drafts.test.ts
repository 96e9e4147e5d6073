import { describe, expect, it } from 'vitest';
import {
  CONTINUE_APPLICATION_PATH,
  DRAFT_TOKEN_PARAMETER,
  SAVED_DRAFT_DAYS,
  draftExpiry,
  draftLink,
} from './saved-drafts.ts';

describe('saved drafts', () => {
  it('link to the continue page with the token as its one parameter', () => {
    const token = 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB';
    const link = draftLink('https://cwc.example.gov.uk', token);
    expect(link).toBe(`https://cwc.example.gov.uk/continue-application?token=${token}`);
    const url = new URL(link);
    expect(url.pathname).toBe(CONTINUE_APPLICATION_PATH);
    expect([...url.searchParams.keys()]).toEqual([DRAFT_TOKEN_PARAMETER]);
  });

  it('encode whatever the token holds, and take a base address with a trailing slash', () => {
    const link = draftLink('http://localhost:3000/', 'a+b/c=&d');
    expect(link).toBe('http://localhost:3000/continue-application?token=a%2Bb%2Fc%3D%26d');
    expect(new URL(link).searchParams.get(DRAFT_TOKEN_PARAMETER)).toBe('a+b/c=&d');
  });

  it('end 28 days of 24 hours after the last save, across a change of the clocks', () => {
    expect(SAVED_DRAFT_DAYS).toBe(28);
    // The clocks go forward in London on 29 March 2026: the instant is 28 × 24 hours on all the same.
    expect(draftExpiry(new Date('2026-03-10T09:30:00Z'))).toEqual(new Date('2026-04-07T09:30:00Z'));
  });
});
