// Names (the sponsor's, the worker's family and given names) appear in the emails the service
// sends, and anyone can send them to a stranger's address: a name that holds a web address turns
// an email of this service into a link to wherever its writer chose (decision 044). So a name may
// not hold one. A name holds a web address when it has:
//
// 1. a scheme: `://` anywhere (`https://…`, `http://…`, `ftp://…`, `hxxps://…`);
// 2. `www.` at the start of a word (`www.evil.example`, `www2.…`);
// 3. a dotted host followed by a path or a port (`evil.example/pay`, `t.me/pay`, `evil.example:8080`);
// 4. a bare host whose last part is a top-level domain that mail programs turn into a link: one
//    of the country codes, or a generic one of the list below (`pay-now.com`, `evil.co.uk`), the
//    part before it at least two characters long, with nothing of a word right after it.
//
// A real name with dots passes: a dot followed by a space (`St. John`, `Ma. de los Ángeles`),
// initials (`J.R.R.`, `A.de Silva`: a single character before the dot is never a host), a dot
// glued to a word that is no top-level domain (`St.John`, `Mr.Bean`), company endings
// (`Co.Ltd`, `Co.,Ltd.`: `ltd`, `inc`, `plc`, `llc` are left out of the list on purpose). What it
// refuses of real names: a dot glued to a country code (`Li.Na`) and a registered name that is a
// web address (`Booking.com`); the message asks for a space after the full stop.
//
// The browser, the pages without JavaScript and the API run this one rule (checks.ts).

/** The characters mail programs read as the dot of a host: the full stop, and the ideographic and full-width ones. */
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
/** One part of a host: letters and digits of any script, hyphens inside. */
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';

/** The country-code top-level domains, as the common link finders know them (linkify-it's list). */
const COUNTRY_CODES =
  'a[cdefgilmnoqrstuwxz]|b[abdefghijmnorstvwyz]|c[acdfghiklmnoruvwxyz]|d[ejkmoz]|e[cegrstu]|f[ijkmor]|' +
  'g[abdefghilmnpqrstuwy]|h[kmnrtu]|i[delmnoqrst]|j[emop]|k[eghimnprwyz]|l[abcikrstuvy]|' +
  'm[acdeghklmnopqrstuvwxyz]|n[acefgilopruz]|om|p[aefghklmnrstwy]|qa|r[eosuw]|' +
  's[abcdeghijklmnortuvxyz]|t[cdfghjklmnortvwz]|u[agksyz]|v[aceginu]|w[fs]|y[et]|z[amw]';

/**
 * The generic top-level domains most used, and most used for abuse: the ones a bare host in a
 * name would use to be read as a link. Company endings that are also domains (ltd, inc, llc, plc,
 * company, group) are left out: real sponsor names end with them.
 */
const GENERIC = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'edu',
  'gov',
  'mil',
  'int',
  'name',
  'pro',
  'mobi',
  'app',
  'dev',
  'page',
  'xyz',
  'top',
  'online',
  'site',
  'website',
  'shop',
  'store',
  'club',
  'live',
  'link',
  'click',
  'icu',
  'vip',
  'buzz',
  'fun',
  'work',
  'support',
  'help',
  'cyou',
  'sbs',
  'cfd',
  'bond',
  'rest',
  'lol',
  'life',
  'cloud',
  'tech',
  'space',
  'today',
  'world',
  'email',
  'win',
  'bid',
  'loan',
  'men',
  'date',
  'review',
  'stream',
  'download',
  'digital',
  'network',
  'services',
  'money',
  'finance',
  'bank',
  'pay',
].join('|');

const SCHEME = /:\/\//u;
const WWW = new RegExp(`(?:^|[^\\p{L}\\p{N}])www\\d*${DOT}`, 'iu');
const HOST_WITH_PATH = new RegExp(`${LABEL}(?:${DOT}${LABEL})+(?:\\/|:\\d)`, 'iu');
const BARE_HOST = new RegExp(
  `(?:^|[^\\p{L}\\p{N}-])[\\p{L}\\p{N}][\\p{L}\\p{N}-]*[\\p{L}\\p{N}]${DOT}(?:${COUNTRY_CODES}|${GENERIC})(?![\\p{L}\\p{N}-])`,
  'iu',
);

/** True when the text holds a web address (a link, `www.…`, a host with a path, or a bare host of a common domain). */
export function hasWebAddress(value: string | undefined): boolean {
  const text = (value ?? '').trim();
  return SCHEME.test(text) || WWW.test(text) || HOST_WITH_PATH.test(text) || BARE_HOST.test(text);
}
