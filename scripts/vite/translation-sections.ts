// Splits the translation files at build time, so that long texts read on one page only (the
// privacy notice, say) are downloaded with that page rather than with the first load.
//
//   import texts from 'virtual:translations/en'          every section but the page-only ones
//   import texts from 'virtual:translations/en/privacy'  one section, bundled with its importer
//
// The translation files (src/shared/i18n/translations) stay the single source of every text.
//
// The sections only the server writes with (`notForBrowsers`: the emails' and the pre-clearance
// document's texts, decision 032) are left out of every file the build makes, the languages loaded
// whole when chosen (`import('…/cy.json')`) included. Vitest and the dev server keep them in the
// files imported as they are: the tests of the translations read every section through them.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:translations/';

export function translationSections({
  dir,
  pageOnly,
  notForBrowsers,
}: {
  dir: string;
  pageOnly: string[];
  notForBrowsers: string[];
}): Plugin {
  let building = false;
  const readTexts = (file: string): Record<string, unknown> => {
    const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(texts).filter(([key]) => !notForBrowsers.includes(key)));
  };
  return {
    name: 'translation-sections',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      // A translation file imported as it is: its JSON, without the server's sections when building.
      const path = id.split('?')[0]!;
      if (building && path.endsWith('.json') && resolve(dirname(path)) === resolve(dir)) {
        this.addWatchFile(path);
        return JSON.stringify(readTexts(path));
      }
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [language = '', section] = id.slice(PREFIX.length + 1).split('/');
      const file = resolve(dir, `${language}.json`);
      this.addWatchFile(file);
      const texts = readTexts(file);
      if (section !== undefined && !(section in texts)) this.error(`No section "${section}" in ${file}`);
      const picked =
        section === undefined
          ? Object.fromEntries(Object.entries(texts).filter(([key]) => !pageOnly.includes(key)))
          : { [section]: texts[section] };
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
