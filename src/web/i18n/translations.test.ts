import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
    expect([...english, ...arabic].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const differing = [...english].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(arabic.get(key) ?? '').join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
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
    for (const [key, text] of [...english, ...arabic]) {
      if (/javascript:|<script/i.test(text)) problems.push(`${key}: script`);
      for (const [, tag] of text.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)) {
        if (!Object.hasOwn(ALLOWED_TAGS, tag!.toLowerCase())) problems.push(`${key}: <${tag}>`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('translates into Arabic rather than copying English', () => {
    // Language names are shown in their own language on purpose.
    const sameAllowed = new Set(['common.english', 'common.welsh', 'common.arabic']);
    const copied = [...english].filter(([key, text]) => !sameAllowed.has(key) && arabic.get(key) === text);
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});
