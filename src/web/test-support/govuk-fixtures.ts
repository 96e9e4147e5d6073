// Test support: compares our React components with govuk-frontend's own fixtures, so the
// markup we render is the official markup. Used by the `*.test.tsx` files beside each component.
import { createRequire } from 'node:module';
import { createElement, type FunctionComponent, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import parse from 'html-react-parser';
import { describe, expect, it } from 'vitest';
import logosSvg from '../components/govuk/logos.svg?raw';

const require = createRequire(import.meta.url);

/** One example from govuk-frontend's `fixtures.json`. */
export interface GovukFixture {
  name: string;
  options: Record<string, unknown>;
  html: string;
  hidden: boolean;
}

/** Every fixture govuk-frontend ships for the component (folder name, for example `date-input`). */
export function loadFixtures(component: string): GovukFixture[] {
  const file = require(`govuk-frontend/dist/govuk/components/${component}/fixtures.json`) as {
    fixtures: GovukFixture[];
  };
  return file.fixtures;
}

/** Turns a fixture's `html` option (an HTML string) into React nodes, as a page would pass them. */
export function htmlToReact(html: string): ReactNode {
  return parse(html);
}

/**
 * Recursively replaces every `html` option (and `*Html` keys such as `titleHtml`) with React nodes,
 * leaving the rest of the options untouched.
 */
function optionsToProps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(optionsToProps);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = (key === 'html' || key.endsWith('Html')) && typeof v === 'string' ? htmlToReact(v) : optionsToProps(v);
    }
    return out;
  }
  return value;
}

/**
 * Normalises markup so that formatting differences do not count: whitespace runs collapse,
 * whitespace next to tags goes, attributes are sorted, class lists are sorted, inline style
 * declarations lose optional spaces and trailing semicolons, boolean attributes lose their
 * value, and comments disappear.
 */
export function normaliseHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walk = (node: Node): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.COMMENT_NODE) {
        child.remove();
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const el = child as Element;
        const attrs = Array.from(el.attributes).map((a) => [a.name, a.value] as const);
        for (const [name] of attrs) el.removeAttribute(name);
        attrs.sort(([a], [b]) => a.localeCompare(b));
        for (const [name, value] of attrs) {
          const v =
            name === 'class'
              ? value.trim().split(/\s+/).sort().join(' ')
              : name === 'style'
                ? normaliseStyle(value.replace(/\s+/g, ' '))
                : value.replace(/\s+/g, ' ').trim();
          el.setAttribute(name, v);
        }
        walk(el instanceof HTMLTemplateElement ? el.content : el);
      }
    }
  };
  walk(template.content);
  return template.innerHTML.replace(/\s+/g, ' ').replace(/>\s+/g, '>').replace(/\s+</g, '<').replace(/=""/g, '').trim();
}

// React writes `style` objects as `a:b;c:d`, templates usually as `a: b; c: d;`.
function normaliseStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim().replace(/^([^:]+?)\s*:\s*/, '$1:'))
    .filter(Boolean)
    .join(';');
}

// The logos' long paths are drawn from logos.svg by <use> (components/govuk/logos.ts); the
// fixtures carry them inline. Each <use> is put back as the path it draws, with its attributes.
const logoPaths = new Map(
  [...logosSvg.matchAll(/<path id="([^"]+)" d="([^"]+)"\/>/g)].map(([, id, d]) => [id!, d!] as const),
);
function drawUsedPaths(html: string): string {
  return html.replace(
    /<use ([^>]*)href="[^"#]*#([^"]+)"([^>]*)><\/use>/g,
    (_, before: string, id: string, after: string) => {
      const d = logoPaths.get(id);
      if (d === undefined) throw new Error(`No path #${id} in logos.svg`);
      return `<path ${before}d="${d}"${after}></path>`;
    },
  );
}

/** Renders a React element to static markup, normalised for comparison. */
function renderNormalised(element: ReactElement): string {
  return normaliseHtml(drawUsedPaths(renderToStaticMarkup(element)));
}

// `date-input` → `DateInput`, so each suite keeps the name of the component it tests.
const componentName = (folder: string) =>
  folder.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/**
 * Declares one test per govuk-frontend fixture of `component` (its folder name, such as `date-input`):
 * the fixture's options, with `html` options turned into React nodes, rendered by `Component` must
 * give the fixture's markup. `Component` is the component itself, or a wrapper that converts what
 * `optionsToProps` does not (such as slots). `skipped` names the fixtures not rendered, each with why.
 */
export function describeFixtures<Props extends object>(
  component: string,
  Component: FunctionComponent<Props>,
  skipped: Record<string, string> = {},
): void {
  describe(`${componentName(component)} matches govuk-frontend fixtures`, () => {
    const fixtures = loadFixtures(component);
    // A skip that names no fixture (after a rename upstream, say) would hide nothing and mislead.
    const unknown = Object.keys(skipped).filter((name) => !fixtures.some((fixture) => fixture.name === name));
    if (unknown.length) throw new Error(`Skipped fixtures that ${component} does not have: ${unknown.join(', ')}`);
    for (const fixture of fixtures) {
      it.skipIf(fixture.name in skipped)(fixture.name, () => {
        const props = optionsToProps(fixture.options) as Props;
        expect(renderNormalised(createElement(Component, props))).toBe(normaliseHtml(fixture.html));
      });
    }
  });
}
