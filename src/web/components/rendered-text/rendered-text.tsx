import { createElement, Fragment } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BLOCKED_HREF, isExternalHref, isInternalPath, safeHref } from '#shared/links/safe-href.ts';

// Translation texts carry a little HTML. Rather than trusting it to innerHTML (and a
// sanitiser's idea of what the browser will re-parse), the text is parsed once by DOMParser,
// which never runs scripts or loads anything, and React elements are built from an allow-list.
// React then escapes every text and attribute value itself. The server renders with a parser of
// its own (parse5, which follows the same HTML standard), set by setHtmlParser.

/** The part of the DOM the renderer reads: what DOMParser gives, and what the server's parser is adapted to. */
export interface MarkupNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: { forEach(callback: (child: MarkupNode, index: number) => void): void };
}

/** An element node ({@link MarkupNode} with `nodeType` 1). */
export interface MarkupElement extends MarkupNode {
  readonly localName: string;
  readonly namespaceURI: string | null;
  getAttribute(name: string): string | null;
}

/** Parses a text as the body of an HTML document. */
export type HtmlParser = (html: string) => MarkupNode | null;

// A parsed document is inert: scripts never run, images and styles never load.
let parseBody: HtmlParser = (html) => new DOMParser().parseFromString(html, 'text/html').body;

/** Replaces the browser's DOMParser (the server, which has none, sets its own once at start-up). */
export function setHtmlParser(parser: HtmlParser): void {
  parseBody = parser;
}

// Node.ELEMENT_NODE and Node.TEXT_NODE, without the browser's Node.
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Props of {@link RenderedText}. */
export interface RenderedTextProps {
  /** Text from a translation file, possibly with the allowed subset of HTML. */
  html: string;
  /** Added to the level of `h2`–`h4`, so a text can sit under a deeper heading. The look stays. */
  headingLevelOffset?: number;
  /**
   * Render phrasing content only, with no wrapping block, so it can sit inside a `<p>` (hints).
   * Otherwise text outside a block of its own is put in a GOV.UK paragraph.
   */
  inline?: boolean;
  /** Called with the path when an internal link (`/…`) is followed, to navigate without a reload. */
  onNavigate?: (path: string) => void;
}

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

// GOV.UK classes are added here, never taken from the text.
/** The tags a translation text may use, each with the GOV.UK class it gets. */
export const ALLOWED_TAGS: Readonly<Record<string, string | undefined>> = {
  p: 'govuk-body',
  h2: 'govuk-heading-m',
  h3: 'govuk-heading-s',
  h4: 'govuk-heading-s',
  ul: 'govuk-list govuk-list--bullet',
  ol: 'govuk-list govuk-list--number',
  li: undefined,
  a: 'govuk-link',
  strong: undefined,
  em: undefined,
  br: undefined,
  span: undefined,
  abbr: undefined,
  table: 'govuk-table',
  thead: 'govuk-table__head',
  tbody: 'govuk-table__body',
  tr: 'govuk-table__row',
  th: 'govuk-table__header',
  td: 'govuk-table__cell',
  caption: 'govuk-table__caption govuk-table__caption--m',
};

// Their content is code or a separate document, not text for the reader: dropped whole.
// Checked by local name in any namespace, so an SVG `<script>` goes too.
const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'frameset',
  'frame',
  'applet',
]);

// In inline mode these are unwrapped to their content: a block inside a `<p>` is invalid.
const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
]);

// Whitespace between rows or items is layout of the source, and React warns about text
// nodes inside table parts.
const NO_WHITESPACE_CHILDREN: ReadonlySet<string> = new Set(['table', 'thead', 'tbody', 'tr', 'ul', 'ol']);

const HEADING = /^h([2-4])$/;
const LANG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;
const DIRS: ReadonlySet<string> = new Set(['ltr', 'rtl', 'auto']);
const SCOPES: ReadonlySet<string> = new Set(['row', 'col', 'rowgroup', 'colgroup']);

interface RenderContext {
  headingLevelOffset: number;
  inline: boolean;
  onNavigate: ((path: string) => void) | undefined;
  opensInNewTab: string;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function preventClick(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
}

function cellSpan(value: string | null): number | undefined {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** The attributes worth keeping, as React props; everything else (on*, style, class, id, src …) is dropped. */
function safeAttributes(element: MarkupElement, tag: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const lang = element.getAttribute('lang');
  if (lang !== null && LANG.test(lang)) props.lang = lang;
  const dir = element.getAttribute('dir')?.toLowerCase();
  if (dir !== undefined && DIRS.has(dir)) props.dir = dir;
  const title = element.getAttribute('title');
  if (title !== null) props.title = title;
  if (tag === 'th' || tag === 'td') {
    const colSpan = cellSpan(element.getAttribute('colspan'));
    const rowSpan = cellSpan(element.getAttribute('rowspan'));
    if (colSpan !== undefined) props.colSpan = colSpan;
    if (rowSpan !== undefined) props.rowSpan = rowSpan;
  }
  if (tag === 'th') {
    const scope = element.getAttribute('scope')?.toLowerCase();
    if (scope !== undefined && SCOPES.has(scope)) props.scope = scope;
  }
  return props;
}

function linkProps(
  element: MarkupElement,
  context: RenderContext,
): { props: Record<string, unknown>; external: boolean } {
  const raw = element.getAttribute('href');
  // Without an href an `<a>` is a placeholder, not a link; keep it that way.
  if (raw === null) return { props: {}, external: false };
  const href = safeHref(raw);
  if (href === BLOCKED_HREF) {
    // The inert address already goes nowhere harmful; stopping the click makes it go nowhere at all.
    return { props: { href, 'aria-disabled': 'true', onClick: preventClick }, external: false };
  }
  if (isExternalHref(href)) {
    return { props: { href, target: '_blank', rel: 'noopener noreferrer' }, external: true };
  }
  const { onNavigate } = context;
  if (onNavigate !== undefined && isInternalPath(href)) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
      if (event.defaultPrevented || !isPlainLeftClick(event)) return;
      event.preventDefault();
      onNavigate(href);
    };
    return { props: { href, onClick }, external: false };
  }
  return { props: { href }, external: false };
}

function renderChildren(parent: MarkupNode, context: RenderContext, parentTag: string | undefined): ReactNode[] {
  const out: ReactNode[] = [];
  parent.childNodes.forEach((child, index) => {
    const rendered = renderNode(child, context, parentTag, index);
    if (rendered !== null) out.push(rendered);
  });
  return out;
}

function renderNode(node: MarkupNode, context: RenderContext, parentTag: string | undefined, key: number): ReactNode {
  if (node.nodeType === TEXT_NODE) {
    const text = node.textContent ?? '';
    if (parentTag !== undefined && NO_WHITESPACE_CHILDREN.has(parentTag) && text.trim() === '') return null;
    return text;
  }
  // Comments, processing instructions and the like carry nothing for the reader.
  if (node.nodeType !== ELEMENT_NODE) return null;
  const element = node as MarkupElement;
  const tag = element.localName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;

  const known = element.namespaceURI === HTML_NAMESPACE && Object.hasOwn(ALLOWED_TAGS, tag);
  const unwrap = !known || (context.inline && BLOCK_TAGS.has(tag));
  if (unwrap) {
    // Unknown markup (SVG, forms, images …) keeps only its text.
    const children = renderChildren(element, context, parentTag);
    return children.length === 0 ? null : createElement(Fragment, { key }, ...children);
  }
  if (tag === 'br') return createElement('br', { key });

  const props: Record<string, unknown> = { key, ...safeAttributes(element, tag) };
  const className = ALLOWED_TAGS[tag];
  if (className !== undefined) props.className = className;
  const children = renderChildren(element, context, tag);

  let type = tag;
  const heading = HEADING.exec(tag);
  if (heading?.[1] !== undefined) {
    const level = Math.min(6, Math.max(1, Number(heading[1]) + context.headingLevelOffset));
    type = `h${level}`;
  }

  if (tag === 'a') {
    const { props: link, external } = linkProps(element, context);
    Object.assign(props, link);
    // Texts sometimes already say it; saying it twice would be read out twice.
    const text = (element.textContent ?? '').trim();
    if (external && !text.endsWith(context.opensInNewTab)) children.push(` ${context.opensInNewTab}`);
  }
  return createElement(type, props, ...children);
}

/** True for an element the renderer keeps as a block (a paragraph, heading, list, table), or that holds one. */
function isBlock(node: MarkupNode): boolean {
  if (node.nodeType !== ELEMENT_NODE) return false;
  const element = node as MarkupElement;
  if (element.namespaceURI === HTML_NAMESPACE && BLOCK_TAGS.has(element.localName.toLowerCase())) return true;
  let holdsBlock = false;
  element.childNodes.forEach((child) => {
    holdsBlock ||= isBlock(child);
  });
  return holdsBlock;
}

/**
 * The text's top level as blocks: text and phrasing elements between blocks become a GOV.UK
 * paragraph. Text gets GOV.UK's font only from a GOV.UK class, so a sentence left bare in the
 * wrapping <div> would show in the browser's default serif.
 */
function renderBlocks(body: MarkupNode, context: RenderContext): ReactNode[] {
  const out: ReactNode[] = [];
  let run: ReactNode[] = [];
  const endRun = () => {
    if (run.some((node) => typeof node !== 'string' || node.trim() !== '')) {
      out.push(createElement('p', { key: `p${out.length}`, className: ALLOWED_TAGS.p }, ...run));
    }
    run = [];
  };
  body.childNodes.forEach((child, index) => {
    const block = isBlock(child);
    if (block) endRun();
    const rendered = renderNode(child, context, undefined, index);
    if (rendered !== null) (block ? out : run).push(rendered);
  });
  endRun();
  return out;
}

/** Renders a translation text with the allowed HTML subset and GOV.UK classes; everything else is dropped safely. */
export function RenderedText({
  html,
  headingLevelOffset = 0,
  inline = false,
  onNavigate,
}: RenderedTextProps): ReactNode {
  const { t } = useTranslation();
  const context: RenderContext = {
    headingLevelOffset: Number.isFinite(headingLevelOffset) ? Math.trunc(headingLevelOffset) : 0,
    inline,
    onNavigate,
    opensInNewTab: t('common.opensInNewTab'),
  };
  const body = parseBody(html);
  if (inline) return createElement(Fragment, null, ...(body === null ? [] : renderChildren(body, context, undefined)));
  return createElement('div', null, ...(body === null ? [] : renderBlocks(body, context)));
}
