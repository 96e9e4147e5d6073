import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.ts';

describe('isValidEmail (the rule GOV.UK Notify applies)', () => {
  it.each([
    'name@example.com',
    'first.last@example.co.uk',
    '  padded@example.com  ',
    'UPPER@EXAMPLE.COM',
    'a+tag@sub.example.org',
    "o'brien@example.ie",
    'x@example.museum',
    'name@my-company.example',
    'name@bücher.de',
    'name@xn--bcher-kva.de',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'name',
    'name@',
    '@example.com',
    'name@example',
    'name@localhost',
    'name@@example.com',
    'name@example..com',
    'first..last@example.com',
    'name@.example.com',
    'name@example.com.',
    'name@-example.com',
    'name@example-.com',
    'name@exa_mple.com',
    'name@example.c',
    'name@example.123',
    'name@[192.168.0.1]',
    'name@192.168.0.1',
    'na me@example.com',
    'name@exa mple.com',
    '"quoted"@example.com',
    'name@example.com/path',
    'name@example.com:25',
    `name@${'a'.repeat(64)}.com`,
    `${'a'.repeat(310)}@example.com`,
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
