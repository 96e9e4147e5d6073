// The console's pages: Nunjucks templates with GOV.UK Frontend's own macros (decision 038), rendered
// on the server and complete without JavaScript. The templates sit in views/ beside this file (the
// build copies them beside the bundle); govuk-frontend's are read from the package itself.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nunjucks from 'nunjucks';

const require = createRequire(import.meta.url);

/** govuk-frontend's dist folder: `govuk/template.njk`, the components' macros, the built styles and assets. */
export const govukFrontendDist = join(dirname(require.resolve('govuk-frontend/package.json')), 'dist');

const viewsFolder = fileURLToPath(new URL('./views/', import.meta.url));

export interface ConsoleViews {
  /** The page `name` (a template in views/, without `.njk`) with `context`, as HTML. */
  render(name: string, context: object): string;
  /** The inline scripts GOV.UK's page template writes, for the Content-Security-Policy to allow by their hashes. */
  inlineScripts(): string[];
}

export function createConsoleViews(options: { readonly watch?: boolean } = {}): ConsoleViews {
  const environment = new nunjucks.Environment(
    new nunjucks.FileSystemLoader([viewsFolder, govukFrontendDist], { noCache: options.watch === true }),
    // Every value is escaped unless a template says otherwise; a missing value is an error, not
    // an empty string that would hide a mistake.
    { autoescape: true, throwOnUndefined: false, trimBlocks: true, lstripBlocks: true },
  );
  return {
    render: (name, context) => environment.render(`${name}.njk`, context),
    inlineScripts: () =>
      [
        ...environment.renderString('{% extends "govuk/template.njk" %}', {}).matchAll(/<script>([^<]*)<\/script>/g),
      ].map((match) => match[1] ?? ''),
  };
}
