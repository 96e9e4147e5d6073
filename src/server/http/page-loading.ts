// What a page is rendered from: the build's index.html (with the analytics id filled in) and the
// built server entry of the web app.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { escapeHtmlAttribute } from '#shared/pages/html-escape.ts';
import type { PageRenderer } from '#shared/pages/page-renderer.ts';
import type { Config } from '../config.ts';

const analyticsMetaTag = /<meta\s+name=(["'])analytics-id\1\s+content=(["'])[^"']*\2\s*\/?>/i;

// Built by `vite build --ssr` beside the web root (dist/web-server beside dist/web), and never served.
export async function loadPageRenderer(app: FastifyInstance, webRoot: string): Promise<PageRenderer | undefined> {
  const entry = join(dirname(webRoot), 'web-server', 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'No server entry of the web app found; pages are rendered in the browser only');
    return undefined;
  }
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  await renderer.loadPages();
  return renderer;
}

export async function loadIndexPage(
  app: FastifyInstance,
  config: Pick<Config, 'webRoot' | 'analyticsId'>,
): Promise<string | undefined> {
  let html: string;
  try {
    html = await readFile(join(config.webRoot, 'index.html'), 'utf8');
  } catch {
    // Normal before the first build (`npm run build`, or `npm run dev` while its first build runs).
    app.log.warn({ webRoot: config.webRoot }, 'No built web app (index.html) found; pages will answer 404');
    return undefined;
  }
  if (config.analyticsId === undefined) return html;
  if (!analyticsMetaTag.test(html)) {
    app.log.warn('ANALYTICS_ID is set but index.html has no analytics-id meta tag; analytics stays off');
    return html;
  }
  return html.replace(
    analyticsMetaTag,
    `<meta name="analytics-id" content="${escapeHtmlAttribute(config.analyticsId)}">`,
  );
}
