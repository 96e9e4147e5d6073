// Link safety in rendered text: relative addresses and http, https, mailto and tel only.
// Translation texts are trusted today, but they pass through
// translators and tooling, so a link address is treated as hostile until proven harmless.
//
// Two views of the address are used:
// - the *kept* value is what a browser would itself make of the attribute (surrounding
//   C0 controls and spaces trimmed, tabs and newlines removed, as the WHATWG URL parser
//   does), so keeping it changes nothing about where the link goes;
// - the *checked* value is decoded much harder than any browser would (HTML entities,
//   percent-encoding, Unicode compatibility forms, every control and space character
//   removed). Decoding only ever turns text into a scheme, never hides one, so a decision
//   taken on the checked value is at least as strict as the browser's reading.

// `about:blank` can run nothing, load nothing and reach no site, and `#blocked` says why in
// the address bar if it is ever opened (it is also what Chromium shows for a blocked
// navigation). `#` was rejected: it scrolls to the top and adds a history entry, so the link
// seems to work; an empty href reloads the page. The renderer also stops the click.
/** The inert address that replaces a link address whose scheme is not allowed. */
export const BLOCKED_HREF = 'about:blank#blocked';

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);

// Named references that can form URL punctuation or whitespace. Letters have no named
// references, and anything not decoded here stays in the checked value, where an unknown
// character before a colon already makes the scheme disallowed.
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  quest: '?',
  num: '#',
  percnt: '%',
  period: '.',
  plus: '+',
  hyphen: '-',
  dash: '-',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  excl: '!',
  lpar: '(',
  rpar: ')',
  semi: ';',
  comma: ',',
  equals: '=',
  commat: '@',
};

// Leading/trailing C0 controls and space are trimmed, and tab/LF/CR removed anywhere, by
// the URL parser before it looks for a scheme.
// eslint-disable-next-line no-control-regex
const BROWSER_TRIM = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const BROWSER_STRIP = /[\t\n\r]/g;
// Every control, space, format (zero-width, bidi) and separator character, for the checked value.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\s]/gu;
const ENTITY = /&(?:#(x[0-9a-f]+|\d+);?|([a-z][a-z0-9]*);?)/gi;
const PERCENT = /%([0-9a-f]{2})/gi;
// More rounds than this means layer upon layer of encoding, which no honest text needs.
const MAX_DECODE_ROUNDS = 8;

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, numeric: string | undefined, name: string | undefined) => {
    if (numeric !== undefined) {
      const code = numeric[0] === 'x' || numeric[0] === 'X' ? parseInt(numeric.slice(1), 16) : parseInt(numeric, 10);
      // The HTML parser turns NUL, surrogates and out-of-range values into U+FFFD.
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return '\ufffd';
      return String.fromCodePoint(code);
    }
    return (name !== undefined && NAMED_ENTITIES[name.toLowerCase()]) || whole;
  });
}

function decodePercent(text: string): string {
  return text.replace(PERCENT, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function browserView(raw: string): string {
  return raw.replace(BROWSER_TRIM, '').replace(BROWSER_STRIP, '');
}

/** The address as the strictest reading sees it, or `null` when it will not settle. */
function checkedView(raw: string): string | null {
  let current = raw;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    const next = decodePercent(decodeEntities(current)).normalize('NFKC').replace(INVISIBLE, '');
    if (next === current) return current.toLowerCase();
    current = next;
  }
  return null;
}

/** The address (tidied only as a browser would) when the link-safety rule allows it, otherwise {@link BLOCKED_HREF}. */
export function safeHref(raw: string): string {
  const kept = browserView(raw);
  const checked = checkedView(raw);
  if (checked === null) return BLOCKED_HREF;
  // Relative to this site. Protocol-relative `//host` (and `/\host`, which browsers read the
  // same way) leave the site, yet the link-safety rule keeps every address starting with `/`; they run
  // nothing, and isInternalPath keeps them out of in-app navigation.
  if (checked.startsWith('/') || checked.startsWith('#')) return kept;
  const colon = checked.indexOf(':');
  if (colon === -1) return kept;
  const beforeColon = checked.slice(0, colon);
  // A colon after `/`, `?` or `#` belongs to the path, query or fragment: there is no scheme.
  // (`\` is a path separator to browsers, so it counts too.)
  if (/[/?#\\]/.test(beforeColon)) return kept;
  // Anything else before the first colon is a scheme attempt, even when a browser would not
  // call it one (`12:30`, `jаvascript:` with a Cyrillic `а`): refusing those costs nothing.
  return ALLOWED_SCHEMES.has(beforeColon) ? kept : BLOCKED_HREF;
}

/** True when the address is http or https, i.e. leaves the service and opens in a new tab. */
export function isExternalHref(href: string): boolean {
  return /^https?:/i.test(browserView(href));
}

// Protocol-relative `//host` and `/\host` start with `/` yet leave the site.
/** True for a path on this site (`/cookies`) that the app can navigate to itself, not `//host`. */
export function isInternalPath(href: string): boolean {
  const view = browserView(href);
  return view.startsWith('/') && !/^[/\\][/\\]/.test(view);
}
