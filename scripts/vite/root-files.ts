// Files that browsers and crawlers ask for at fixed addresses (/favicon.ico, /robots.txt), so
// they cannot carry a content hash under assets/ like the rest of the build. Each is copied from
// where it is kept (the favicon from govuk-frontend, so it follows that package's updates) to the
// root of the build, and served at the same address by Vite's dev server.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** `files` maps an address at the root (`favicon.ico`) to the file that answers it. */
export function rootFiles(files: Record<string, string>): Plugin {
  return {
    name: 'root-files',
    generateBundle() {
      for (const [fileName, source] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const source = files[(request.url ?? '').split('?')[0]?.slice(1) ?? ''];
        if (source === undefined) return next();
        response.setHeader(
          'content-type',
          source.endsWith('.ico') ? 'image/vnd.microsoft.icon' : 'text/plain; charset=utf-8',
        );
        response.end(readFileSync(source));
      });
    },
  };
}
