// Vite writes the app's module script into <head> before its stylesheet, so the browser asks for
// the script first. The page is rendered on the server and its first paint waits for the
// stylesheet only, so the stylesheet is asked for first: on a slow connection it no longer shares
// the start of the download with the script.
import type { Plugin } from 'vite';

const stylesheets = /\s*<link rel="stylesheet"[^>]*>/g;

export function stylesheetFirst(): Plugin {
  return {
    name: 'stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(stylesheets) ?? [];
        const script = html.search(/<script type="module"/);
        if (links.length === 0 || script === -1) return html;
        const without = html.replace(stylesheets, '');
        const at = without.search(/<script type="module"/);
        return `${without.slice(0, at)}${links.map((link) => link.trim()).join('\n    ')}\n    ${without.slice(at)}`;
      },
    },
  };
}
