import { describe, expect, it } from 'vitest';
import { landingPage, returnPathOf } from './return-path.ts';

describe('the console page a sign-in returns to', () => {
  it('is a console page of this service, as asked for', () => {
    expect(returnPathOf('/caseworker/applications/CWC-12345-67890-1')).toBe(
      '/caseworker/applications/CWC-12345-67890-1',
    );
    expect(returnPathOf('/caseworker/search?q=Q1234567&page=2')).toBe('/caseworker/search?q=Q1234567&page=2');
    expect(returnPathOf('/caseworker/audit')).toBe('/caseworker/audit');
    expect(returnPathOf('/caseworker?page=2')).toBe('/caseworker?page=2');
  });

  it('is nothing for an address elsewhere, a scheme, `//`, a way out of /caseworker, or the sign-in’s own pages', () => {
    for (const value of [
      undefined,
      '',
      'https://evil.example/caseworker',
      '//evil.example/caseworker',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/caseworker//evil.example',
      '/caseworker/..//evil.example',
      '/caseworker/../status',
      '/caseworker/%2e%2e/status',
      '/caseworkers',
      '/caseworkerx/applications',
      '/status',
      '/caseworker/\u0000',
      '/caseworker/\nSet-Cookie:x',
      ' /caseworker',
      '/caseworker#fragment',
      '/caseworker/sign-in',
      '/caseworker/auth/callback?code=x',
      '/caseworker/signed-out',
      '/caseworker/timed-out',
      '/caseworker/sign-out',
      '/caseworker/assets/console.css',
      `/caseworker/${'a'.repeat(2000)}`,
    ]) {
      expect(returnPathOf(value), String(value)).toBeUndefined();
    }
  });

  it('is, by default, the queue for a caseworker and the audit log for an admin without the caseworker role', () => {
    expect(landingPage(['CASEWORKER'])).toBe('/caseworker');
    expect(landingPage(['CASEWORKER', 'CASEWORKER_ADMIN'])).toBe('/caseworker');
    expect(landingPage(['CASEWORKER_ADMIN'])).toBe('/caseworker/audit');
  });
});
