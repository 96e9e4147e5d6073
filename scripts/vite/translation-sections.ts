// Splits the translation files at build time, so that long texts read on one page only (the
// privacy notice, say) are downloaded with that page rather than with the first load.
//
//   import texts from 'virtual:translations/en'          every section but the page-only ones
//   import texts from 'virtual:translations/en/privacy'  one section, bundled with its importer
//
// The translation files (src/shared/i18n/translations) stay the single source of every text.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:translations/';

export function translationSections({ dir, pageOnly }: { dir: string; pageOnly: string[] }): Plugin {
  return {
    name: 'translation-sections',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [language = '', section] = id.slice(PREFIX.length + 1).split('/');
      const file = resolve(dir, `${language}.json`);
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      if (section !== undefined && !(section in texts)) this.error(`No section "${section}" in ${file}`);
      const picked =
        section === undefined
          ? Object.fromEntries(Object.entries(texts).filter(([key]) => !pageOnly.includes(key)))
          : { [section]: texts[section] };
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
