// The page is rendered on the server, so its first paint needs the stylesheet and the fonts, and
// not the app's script, which only enhances the page. Vite writes the module script into <head>
// before the stylesheet, at the priority of a script that blocks: on a slow connection the two
// then share the line from the start. Here the stylesheet is asked for first, and the script at
// low priority (`fetchpriority="low"`), which lets the browser give the stylesheet, the fonts and
// the images the line first. The script still starts at once, so the app is not held back.
import type { Plugin } from 'vite';

const stylesheets = /\s*<link rel="stylesheet"[^>]*>/g;
const moduleScript = /<script type="module"/;

export function paintFirst(): Plugin {
  return {
    name: 'paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(stylesheets) ?? [];
        if (links.length === 0 || !moduleScript.test(html)) return html;
        const without = html.replace(stylesheets, '');
        const at = without.search(moduleScript);
        const script = without.slice(at).replace(moduleScript, '<script type="module" fetchpriority="low"');
        return `${without.slice(0, at)}${links.map((link) => link.trim()).join('\n    ')}\n    ${script}`;
      },
    },
  };
}
