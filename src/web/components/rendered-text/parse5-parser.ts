// The HTML parser of the server rendering: parse5 follows the HTML standard, as the browser's
// DOMParser does, so a text parses to the same tree on both sides and hydrates without a mismatch.
// Used by the server entry only; the browser keeps its own DOMParser.
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { HtmlParser, MarkupElement, MarkupNode } from './rendered-text.tsx';

type Parse5Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

function textOf(node: Parse5Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

function adapt(node: Parse5Node): MarkupNode {
  if (node.nodeName === '#text') {
    return { nodeType: 3, textContent: textOf(node), childNodes: [] };
  }
  if (!('tagName' in node)) return { nodeType: 8, textContent: null, childNodes: [] };
  const element: MarkupElement = {
    nodeType: 1,
    localName: node.tagName,
    namespaceURI: node.namespaceURI,
    textContent: textOf(node),
    childNodes: node.childNodes.map(adapt),
    getAttribute: (name) => node.attrs.find((attribute) => attribute.name === name)?.value ?? null,
  };
  return element;
}

/** Parses a text as the body of an HTML document, as `DOMParser` does. */
export const parse5Parser: HtmlParser = (html) => {
  const root = parse(html).childNodes.find((node) => 'tagName' in node && node.tagName === 'html');
  const body =
    root !== undefined && 'childNodes' in root ? root.childNodes.find((node) => node.nodeName === 'body') : undefined;
  return body === undefined ? null : adapt(body);
};

/**
 * `parse`, keeping the tree of each of `texts` (the translation files' texts, which every render
 * would otherwise parse again). A text with a value put in it is not among them: it is parsed each
 * time and never kept, so what a user typed stays out of memory.
 */
export function keepingTexts(texts: ReadonlySet<string>, parse: HtmlParser): HtmlParser {
  const kept = new Map<string, MarkupNode | null>();
  return (html) => {
    if (!texts.has(html)) return parse(html);
    let tree = kept.get(html);
    if (tree === undefined) {
      tree = parse(html);
      kept.set(html, tree);
    }
    return tree;
  };
}
