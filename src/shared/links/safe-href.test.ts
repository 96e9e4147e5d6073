import { describe, expect, it } from 'vitest';
import { BLOCKED_HREF, isExternalHref, isInternalPath, safeHref } from './safe-href.ts';

describe('safeHref keeps the addresses the link-safety rule allows', () => {
  it.each([
    'https://www.gov.uk/x',
    'HTTPS://WWW.GOV.UK/X',
    'http://example.com/a?b=c:d#e:f',
    '/cookies',
    '#main',
    'mailto:a@b.c',
    'MailTo:a@b.c?subject=Hello%20there',
    'tel:+441234567890',
    'page?x=a:b',
    'page#a:b',
    'relative/path',
    'relative/pa:th',
    '?q=1',
    '',
    'page%3Fx=a:b',
    '/path/with:colon',
    'https://example.com/%6Aavascript:alert(1)',
  ])('keeps %j', (href) => {
    expect(safeHref(href)).toBe(href);
  });

  it('tidies only what the browser itself ignores', () => {
    expect(safeHref('  /cookies \n')).toBe('/cookies');
    expect(safeHref('https://www.gov.uk/\tx')).toBe('https://www.gov.uk/x');
    expect(safeHref('\u0000/cookies')).toBe('/cookies');
  });
});

describe('safeHref blocks every other scheme', () => {
  const hostile: Array<[string, string]> = [
    ['plain javascript', 'javascript:alert(1)'],
    ['mixed case', 'JaVaScRiPt:alert(1)'],
    ['leading spaces', '   javascript:alert(1)'],
    ['trailing spaces', 'javascript:alert(1)   '],
    ['leading newline', '\njavascript:alert(1)'],
    ['embedded tab', 'java\tscript:alert(1)'],
    ['embedded newline', 'java\nscript:alert(1)'],
    ['embedded carriage return', 'java\rscript:alert(1)'],
    ['embedded NUL', 'java\u0000script:alert(1)'],
    ['leading control characters', '\u0001\u001fjavascript:alert(1)'],
    ['embedded zero-width space', 'java\u200bscript:alert(1)'],
    ['embedded soft hyphen', 'java\u00adscript:alert(1)'],
    ['non-breaking space before', '\u00a0javascript:alert(1)'],
    ['space before colon', 'javascript :alert(1)'],
    ['decimal entity', '&#106;avascript:alert(1)'],
    ['decimal entity, no semicolon', '&#106avascript:alert(1)'],
    ['decimal entity, leading zeros', '&#0000106;avascript:alert(1)'],
    ['hex entity', '&#x6A;avascript:alert(1)'],
    ['upper-case hex entity', '&#X6a;avascript:alert(1)'],
    ['whole word as entities', '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)'],
    ['named colon entity', 'javascript&colon;alert(1)'],
    ['tab entity inside', 'java&Tab;script:alert(1)'],
    ['newline entity inside', 'java&NewLine;script:alert(1)'],
    ['double-encoded entity', '&amp;#106;avascript:alert(1)'],
    ['percent-encoded letter', '%6Aavascript:alert(1)'],
    ['percent-encoded colon', 'javascript%3Aalert(1)'],
    ['double percent-encoding', '%256Aavascript%253Aalert(1)'],
    ['entity of percent-encoding', '&#37;6Aavascript:alert(1)'],
    ['data', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['data with markup', 'data:text/html,<script>alert(1)</script>'],
    ['upper-case data', 'DATA:text/html,x'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['file', 'file:///etc/passwd'],
    ['blob', 'blob:https://www.gov.uk/0f0e-11'],
    ['ftp', 'ftp://example.com/'],
    ['unknown scheme', 'intent://x#Intent;end'],
    ['full-width letters', '\uff4a\uff41\uff56\uff41\uff53\uff43\uff52\uff49\uff50\uff54:alert(1)'],
    ['full-width colon', 'javascript\uff1aalert(1)'],
    ['small colon', 'javascript\ufe55alert(1)'],
    ['Cyrillic look-alike a', 'j\u0430vascript:alert(1)'],
    [
      'mathematical bold letters',
      '\u{1d423}\u{1d41a}\u{1d42f}\u{1d41a}\u{1d42c}\u{1d41c}\u{1d42b}\u{1d422}\u{1d429}\u{1d42d}:alert(1)',
    ],
    ['digits before a colon', '12:30'],
    ['endless encoding', `${'%25'.repeat(20)}6Aavascript:alert(1)`],
  ];

  it.each(hostile)('blocks %s', (_name, href) => {
    expect(safeHref(href)).toBe(BLOCKED_HREF);
  });

  it('uses an address that can run nothing and leaves no scheme a browser would act on', () => {
    expect(BLOCKED_HREF).toBe('about:blank#blocked');
    expect(safeHref(BLOCKED_HREF)).toBe(BLOCKED_HREF);
  });
});

describe('protocol-relative and backslash addresses', () => {
  // Kept because the link-safety rule keeps whatever starts with `/` and they run nothing, but they
  // leave the site, so the app must not treat them as its own paths.
  it.each(['//evil.example', '/\\evil.example', '\\\\evil.example', '\\/evil.example'])(
    'keeps %j but not as internal',
    (href) => {
      expect(safeHref(href)).toBe(href);
      expect(isInternalPath(href)).toBe(false);
      expect(isExternalHref(href)).toBe(false);
    },
  );
});

describe('isExternalHref', () => {
  it.each([
    ['https://www.gov.uk/x', true],
    ['http://example.com', true],
    ['  HTTPS://www.gov.uk', true],
    ['ht\ttps://www.gov.uk', true],
    ['/cookies', false],
    ['#main', false],
    ['mailto:a@b.c', false],
    ['tel:+44', false],
    ['httpsx://a', false],
    ['relative/https://a', false],
  ])('%j → %s', (href, expected) => {
    expect(isExternalHref(href)).toBe(expected);
  });
});

describe('isInternalPath', () => {
  it.each([
    ['/cookies', true],
    ['/status/1?epat=x', true],
    [' /cookies', true],
    ['#main', false],
    ['relative/path', false],
    ['https://www.gov.uk/', false],
    ['//evil.example', false],
  ])('%j → %s', (href, expected) => {
    expect(isInternalPath(href)).toBe(expected);
  });
});
