import { describe, expect, it } from 'vitest';
import { hasWebAddress } from './web-address.ts';

describe('hasWebAddress', () => {
  it.each([
    // A scheme, whatever follows it.
    'https://evil.example/pay',
    'http://evil.example',
    'HTTPS://EVIL.EXAMPLE',
    'ftp://files.example',
    'Pay now at hxxps://evil.example',
    // www. at the start of a word.
    'www.evil.example',
    'WWW.Evil.Example',
    'Acme Ltd (www.acme.example)',
    'www2.evil.example',
    // A dotted host with a path or a port.
    'evil.example/pay',
    'Pay at evil.example/pay today',
    't.me/pay',
    'evil.example:8080',
    'sub.evil.example/x?y=1',
    // A bare host of a common or country top-level domain.
    'pay-now.com',
    'Pay the fee at pay-now.com',
    'visit evil.co.uk',
    'Acme (see evil.com)',
    'evil.com.',
    'Evil.COM',
    'evil.online',
    'evil.de',
    'evil.xyz',
    // Dots of other scripts that some mail programs read as dots.
    'evil。com',
    'evil．com/pay',
  ])('finds a web address in %j', (value) => {
    expect(hasWebAddress(value)).toBe(true);
  });

  it.each([
    'Smith',
    'St. John',
    'St.John',
    'St.Clair',
    'J.R.R. Tolkien',
    'J.R.R.',
    'A.J.',
    'O’Brien',
    "O'Brien",
    'D’Angelo',
    'Smith-Jones',
    'Mary-Jane',
    'Jean-Luc',
    'de la Cruz',
    'Ma. de los Ángeles',
    'M.de la Cruz',
    'A.de Silva',
    'van der Berg',
    'Ó Súilleabháin',
    'Nguyễn Văn A.',
    'Zoë',
    'Ng',
    'محمد بن سلمان',
    'عبد الله',
    '王 小明',
    'Dr. Who',
    'Mr.Bean',
    'Jr.',
    'Sr',
    'Example Theatre',
    'Example Theatre Ltd.',
    'Acme Co.,Ltd.',
    'Acme Co.Ltd',
    'Acme Co. Inc.',
    'Acme Holdings plc',
    'B.B.C. Studios',
    'Théâtre du Soleil',
    'Smith & Sons Ltd.',
    'Studio 54.',
    '3.14 Productions',
    'Royal Opera House Covent Garden Foundation',
    'A/B Theatre Company',
    'Smith/Jones',
    'Ballet Rambert (1926) Ltd',
    'R. & J. Smith',
    undefined,
  ])('lets through %j', (value) => {
    expect(hasWebAddress(value)).toBe(false);
  });
});
