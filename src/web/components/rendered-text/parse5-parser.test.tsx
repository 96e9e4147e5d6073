import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance } from 'i18next';
import ar from '#shared/i18n/translations/ar.json';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { keepingTexts, parse5Parser } from './parse5-parser.ts';
import { RenderedText, setHtmlParser, type HtmlParser } from './rendered-text.tsx';

const i18n = createInstance();
void i18n.init({ lng: 'en', initAsync: false, resources: { en: { translation: en } } });

const domParser: HtmlParser = (html) => new DOMParser().parseFromString(html, 'text/html').body;

function markup(html: string, parser: HtmlParser, inline = false): string {
  setHtmlParser(parser);
  try {
    return renderToStaticMarkup(
      <TranslationProvider instance={i18n}>
        <RenderedText html={html} inline={inline} />
      </TranslationProvider>,
    );
  } finally {
    setHtmlParser(domParser);
  }
}

function textsWithMarkup(texts: unknown, found: string[] = []): string[] {
  if (typeof texts === 'string') {
    if (texts.includes('<')) found.push(texts);
  } else if (typeof texts === 'object' && texts !== null) {
    for (const value of Object.values(texts)) textsWithMarkup(value, found);
  }
  return found;
}

// The server renders translation texts with parse5, the browser with DOMParser: the browser
// hydrates the server's HTML, so both must give the same elements.
describe('the server’s HTML parser', () => {
  const texts = [...textsWithMarkup(en), ...textsWithMarkup(ar)];

  it('renders every translation text with markup as the browser’s DOMParser does', () => {
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) {
      expect(markup(text, parse5Parser), text).toBe(markup(text, domParser));
      expect(markup(text, parse5Parser, true), text).toBe(markup(text, domParser, true));
    }
  });

  it.each([
    ['implied end tags', '<p>one<p>two<ul><li>a<li>b</ul>'],
    ['a table without its tbody', '<table><tr><th scope="col">A<td colspan="2">b</table>'],
    ['dropped and unknown elements', '<script>x()</script><svg><script>y()</script><a>t</a></svg><b>bold</b>'],
    ['attributes in any case', '<A HREF="/cookies" TITLE="t">link</A><span LANG="ar" DIR="RTL">نص</span>'],
    ['entities and comments', '<p>&amp; &lt;b&gt; &nbsp;<!-- note --></p>'],
    ['an unsafe link', '<a href="javascript:alert(1)">x</a><a href="https://example.com">out</a>'],
  ])('parses %s as the browser does', (_name, html) => {
    expect(markup(html, parse5Parser)).toBe(markup(html, domParser));
  });
});

describe('keepingTexts', () => {
  it('parses a text of the translations once, and any other text each time', () => {
    let parsed = 0;
    const parse = keepingTexts(new Set(['<p>Apply</p>']), (html) => {
      parsed += 1;
      return parse5Parser(html);
    });
    const tree = parse('<p>Apply</p>');
    expect(parse('<p>Apply</p>')).toBe(tree);
    expect(parsed).toBe(1);
    parse('<p>Deleted Åsa Berg</p>');
    parse('<p>Deleted Åsa Berg</p>');
    expect(parsed).toBe(3);
  });
});
