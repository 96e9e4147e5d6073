import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import cy from '#shared/i18n/translations/cy.json';
import en from '#shared/i18n/translations/en.json';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const govukFonts = here('../../../node_modules/govuk-frontend/dist/govuk/assets/fonts/');
const sources = JSON.parse(readFileSync(here('./fonts/sources.json'), 'utf8')) as Record<string, string>;
const faces = readFileSync(here('./_gds-transport.scss'), 'utf8');

// The fonts pages load are cut from GOV.UK Frontend's (decision 062) by a script run by hand: an
// update of govuk-frontend that changes its fonts must be followed by running it again.
describe('GDS Transport, cut by character', () => {
  it('was cut from the fonts of the installed govuk-frontend', () => {
    expect(Object.keys(sources).sort()).toEqual(['bold-b542beb274-v2.woff2', 'light-94a07e06a1-v2.woff2']);
    for (const [file, sha256] of Object.entries(sources)) {
      const installed = `${govukFonts}${file}`;
      expect(existsSync(installed), `${file} is no longer in govuk-frontend: run npm run fonts:subset`).toBe(true);
      expect(
        createHash('sha256').update(readFileSync(installed)).digest('hex'),
        `${file}: run npm run fonts:subset`,
      ).toBe(sha256);
    }
  });

  it('declares each weight in two parts whose files are there, the page texts’ part first', () => {
    const files = [...faces.matchAll(/url\('\.\/fonts\/([^']+)'\)/g)].map(([, file]) => file!);
    expect(files).toEqual([
      'gds-transport-light-latin.woff2',
      'gds-transport-light-rest.woff2',
      'gds-transport-bold-latin.woff2',
      'gds-transport-bold-rest.woff2',
    ]);
    for (const file of files) expect(existsSync(here(`./fonts/${file}`))).toBe(true);
    expect(faces.match(/font-display: fallback;/g)).toHaveLength(4);
  });

  it('has every character of the English and Welsh texts it has in the part every page preloads', () => {
    // The other part's range (the font has no Arabic letters: "العربية" is shown in another font).
    const [, rest] = [...faces.matchAll(/unicode-range: ([^;]+);/g)].map(([, range]) => range!);
    const inRest = (codepoint: number) =>
      rest!.split(', ').some((term) => {
        const [from, to = from] = term
          .replace('U+', '')
          .split('-')
          .map((hex) => parseInt(hex, 16));
        return codepoint >= from! && codepoint <= to!;
      });
    for (const [language, texts] of Object.entries({ en, cy })) {
      // Every character of the texts (the keys, in ASCII, change nothing).
      const characters = new Set(JSON.stringify(texts));
      const missing = [...characters].filter((character) => inRest(character.codePointAt(0)!));
      expect(missing, language).toEqual([]);
    }
  });
});
