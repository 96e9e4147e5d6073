import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS } from '../components/rendered-text/rendered-text.tsx';
import ar from '#shared/i18n/translations/ar.json';
import cy from '#shared/i18n/translations/cy.json';
import en from '#shared/i18n/translations/en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const english = flatten(en as Tree);
const arabic = flatten(ar as Tree);
const welsh = flatten(cy as Tree);
const source = ['src/web', 'src/shared', 'src/server']
  .flatMap(sourceFiles)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
// Texts that are the same in every language on purpose: the language names, written in their own
// language (GOV.UK's language links), and "Beta", which is also the Welsh word. A text of
// placeholders and punctuation only ("{{name}}: {{message}}") has nothing to translate.
const LANGUAGE_NAMES = ['common.english', 'common.welsh', 'common.arabic'];
const ALLOWED_SAME = {
  ar: new Set(LANGUAGE_NAMES),
  cy: new Set([...LANGUAGE_NAMES, 'common.phaseTag']),
} as const;
const placeholdersOnly = (text: string) => !/\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has every English key in Arabic and every Arabic key in English', () => {
    // Arabic has more plural forms than English (zero, two, few, many) beside `_one` and `_other`.
    const extraPlural = (key: string) =>
      /_(zero|two|few|many)$/.test(key) && english.has(key.replace(/_\w+$/, '_other'));
    expect([...arabic.keys()].filter((key) => !english.has(key) && !extraPlural(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !arabic.has(key))).toEqual([]);
  });

  it('has every English key in Welsh and every Welsh key in English', () => {
    // Welsh has more plural forms than English (zero, two, few, many) beside `_one` and `_other`.
    const extraPlural = (key: string) =>
      /_(zero|two|few|many)$/.test(key) && english.has(key.replace(/_\w+$/, '_other'));
    expect([...welsh.keys()].filter((key) => !english.has(key) && !extraPlural(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !welsh.has(key))).toEqual([]);
  });

  it('has no empty text', () => {
    expect([...english, ...arabic, ...welsh].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each([
    ['Arabic', arabic],
    ['Welsh', welsh],
  ])('uses the same placeholders in English and %s', (_, translated) => {
    const differing = [...english].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(translated.get(key) ?? '').join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it.each([
    ['Arabic', arabic],
    ['Welsh', welsh],
  ])('uses in the extra %s plural forms only placeholders of the English plural', (_, translated) => {
    // A form may leave {{count}} out ("two applicants" written as a word), never add one.
    const unknown = [...translated]
      .filter(([key]) => /_(zero|two|few|many)$/.test(key) && !english.has(key))
      .filter(([key, text]) => {
        const allowed = placeholders(english.get(key.replace(/_\w+$/, '_other')) ?? '');
        return placeholders(text).some((name) => !allowed.includes(name));
      });
    expect(unknown.map(([key]) => key)).toEqual([]);
  });

  it('uses every key somewhere in the source, as a literal key', () => {
    // i18next plural forms (`key_one`, `key_other`) are used through their base key.
    const used = (key: string) => {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      return [`'${base}'`, `"${base}"`, `\`${base}\``].some((literal) => source.includes(literal));
    };
    expect([...english.keys()].filter((key) => !used(key))).toEqual([]);
  });

  it('holds only markup that RenderedText renders, and nothing scriptable', () => {
    const problems: string[] = [];
    for (const [key, text] of [...english, ...arabic, ...welsh]) {
      if (/javascript:|<script/i.test(text)) problems.push(`${key}: script`);
      for (const [, tag] of text.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)) {
        if (!Object.hasOwn(ALLOWED_TAGS, tag!.toLowerCase())) problems.push(`${key}: <${tag}>`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    ['Arabic', arabic],
    ['Welsh', welsh],
  ])('keeps the markup of English in %s', (_, translated) => {
    // Tags and links, not where a link goes: a translation may link to a page in its language.
    const markup = (text: string) =>
      [...text.matchAll(/<\/?[a-zA-Z0-9]+|href=/g)]
        .map((m) => m[0])
        .sort()
        .join();
    const differing = [...english].filter(([key, text]) => markup(text) !== markup(translated.get(key) ?? ''));
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it.each([
    ['Arabic', arabic, ALLOWED_SAME.ar],
    ['Welsh', welsh, ALLOWED_SAME.cy],
  ])('translates into %s rather than copying English', (_, translated, allowed) => {
    const copied = [...english].filter(
      ([key, text]) => !allowed.has(key) && !placeholdersOnly(text) && translated.get(key) === text,
    );
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it('keeps the allow-list of texts left as in English short and true', () => {
    for (const [language, translated] of [
      ['ar', arabic],
      ['cy', welsh],
    ] as const) {
      for (const key of ALLOWED_SAME[language]) expect(translated.get(key), key).toBe(english.get(key));
    }
  });

  it('chooses each of the six Welsh plural forms by count, as Intl.PluralRules does', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'cy',
      fallbackLng: 'en',
      resources: { en: { translation: en }, cy: { translation: cy } },
    });
    const count = (n: number) => instance.t('status.count', { count: n });
    expect([0, 1, 2, 3, 6, 7, 20].map(count)).toEqual([
      '0 cais',
      '1 cais',
      '2 gais',
      '3 chais',
      '6 chais',
      '7 o geisiadau',
      '20 o geisiadau',
    ]);
  });
});
