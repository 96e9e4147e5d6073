import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import type { ReactElement } from 'react';
import { RenderedText } from './rendered-text.tsx';
import type { RenderedTextProps } from './rendered-text.tsx';

// A throwaway instance with the one key the component needs; the app's own i18n setup
// lives elsewhere and is not loaded here.
function makeI18n(lng: string): I18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    initAsync: false,
    resources: {
      en: { translation: { common: { opensInNewTab: '(opens in new tab)' } } },
      ar: { translation: { common: { opensInNewTab: '(يفتح في علامة تبويب جديدة)' } } },
    },
  });
  return instance;
}

const english = makeI18n('en');

function renderText(props: RenderedTextProps, i18n: I18n = english): HTMLElement {
  const ui: ReactElement = (
    <TranslationProvider instance={i18n}>
      <RenderedText {...props} />
    </TranslationProvider>
  );
  return render(ui).container;
}

/**
 * Clicks like a user would and reports whether the app stopped the browser's own navigation.
 * The default is then stopped anyway, at the document, after React has seen the event: jsdom
 * cannot navigate and would only log an error.
 */
function click(link: Element | null | undefined, init: MouseEventInit = {}): boolean {
  if (!link) throw new Error('no link rendered');
  let preventedByApp = false;
  const stop = (event: Event): void => {
    preventedByApp = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', stop);
  try {
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  } finally {
    document.removeEventListener('click', stop);
  }
  return preventedByApp;
}

const DANGEROUS_HREF = /^(?:javascript|data|vbscript|file|blob):/i;
const FORBIDDEN_ELEMENTS =
  'script, style, iframe, object, embed, template, noscript, img, svg, math, form, input, button, base, meta, link, details, textarea, select, video, audio, source';
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'target',
  'rel',
  'class',
  'lang',
  'dir',
  'title',
  'colspan',
  'rowspan',
  'scope',
  'aria-disabled',
]);

/** Everything a hostile text must not leave behind in the rendered DOM. */
function expectHarmless(container: HTMLElement): void {
  expect(container.querySelector(FORBIDDEN_ELEMENTS)).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(ALLOWED_ATTRIBUTES, `${element.localName}[${attribute.name}]`).toContain(attribute.name);
      expect(attribute.name.startsWith('on')).toBe(false);
    }
    const href = element.getAttribute('href');
    if (href !== null) {
      // What the browser would make of it: surrounding controls trimmed, tabs and newlines removed.
      // eslint-disable-next-line no-control-regex
      const seen = href.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
      expect(seen).not.toMatch(DANGEROUS_HREF);
    }
    const className = element.getAttribute('class');
    if (className !== null) expect(className).toMatch(/^govuk-/);
  }
  // Every payload below uses alert(1) only inside code, never as readable text.
  expect(container.textContent).not.toContain('alert');
}

describe('RenderedText with hostile input', () => {
  const hostile: Array<[string, string]> = [
    ['javascript link', '<a href="javascript:alert(1)">Click</a>'],
    ['mixed-case javascript link', '<a href="JaVaScRiPt:alert(1)">Click</a>'],
    ['javascript link with leading spaces', '<a href="   javascript:alert(1)">Click</a>'],
    ['javascript link with leading newline', '<a href="&#10;javascript:alert(1)">Click</a>'],
    ['tab entity inside the scheme', '<a href="java&#x09;script:alert(1)">Click</a>'],
    ['newline entity inside the scheme', '<a href="jav&#x0A;ascript:alert(1)">Click</a>'],
    ['NUL entity inside the scheme', '<a href="java&#0;script:alert(1)">Click</a>'],
    ['control character before the scheme', '<a href="&#1;javascript:alert(1)">Click</a>'],
    ['decimal entity letter', '<a href="&#106;avascript:alert(1)">Click</a>'],
    ['hex entity letter', '<a href="&#x6A;avascript:alert(1)">Click</a>'],
    ['named colon entity', '<a href="javascript&colon;alert(1)">Click</a>'],
    ['double-encoded entity', '<a href="&amp;#106;avascript:alert(1)">Click</a>'],
    ['percent-encoded letter', '<a href="%6Aavascript:alert(1)">Click</a>'],
    ['full-width letters', '<a href="ｊａｖａｓｃｒｉｐｔ:alert(1)">Click</a>'],
    ['data link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Click</a>'],
    ['data link with markup', '<a href="data:text/html,<script>alert(1)</script>">Click</a>'],
    ['vbscript link', '<a href="vbscript:msgbox(alert(1))">Click</a>'],
    ['file link', '<a href="file:///etc/passwd">Click</a>'],
    ['blob link', '<a href="blob:https://www.gov.uk/0f0e-11">Click</a>'],
    ['event handler on a link', '<a href="/x" onmouseover="alert(1)" onclick="alert(1)">Click</a>'],
    ['target and ping on a link', '<a href="javascript:alert(1)" target="_self" ping="https://evil.example">Click</a>'],
    ['script element', '<p>Hello</p><script>alert(1)</script>'],
    ['script element first', '<script>alert(1)</script><p>Hello</p>'],
    ['script inside allowed markup', '<p>Hi <strong><script>alert(1)</script></strong></p>'],
    ['image with onerror', '<img src=x onerror=alert(1)>'],
    [
      'svg with onload and a script',
      '<svg onload=alert(1)><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    ],
    [
      'style, class and id on a paragraph',
      '<p style="background:url(javascript:alert(1))" class="evil" id="main" onclick="alert(1)">Hi</p>',
    ],
    ['style element', '<style>body{background:url("javascript:alert(1)")}</style><p>Hi</p>'],
    ['iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>">alert(1)</iframe>'],
    ['object', '<object data="javascript:alert(1)">alert(1)</object>'],
    ['embed', '<embed src="javascript:alert(1)">'],
    ['template', '<template><script>alert(1)</script>alert(1)</template>'],
    ['noscript mutation trick', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    [
      'math and style mutation trick',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    ],
    [
      'form with formaction',
      '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">Go</button></form>',
    ],
    ['input with autofocus', '<input onfocus=alert(1) autofocus>'],
    ['details with ontoggle', '<details open ontoggle=alert(1)><summary>More</summary></details>'],
    ['base element', '<base href="javascript:alert(1)//"><a href="x">Click</a>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>Hi</p>'],
    ['event handler on a table cell', '<table><tr><td onmouseenter="alert(1)" colspan="2">x</td></tr></table>'],
    [
      'srcdoc and formaction on allowed tags',
      '<span srcdoc="alert(1)" formaction="javascript:alert(1)" src="javascript:alert(1)">x</span>',
    ],
    ['unclosed attribute', '<a href="javascript:alert(1)" title="x>Click'],
  ];

  it.each(hostile)('%s', (_name, html) => {
    expectHarmless(renderText({ html }));
    expectHarmless(renderText({ html, inline: true }));
  });

  it('replaces a blocked address with an inert one whose click does nothing', () => {
    const onNavigate = vi.fn();
    const container = renderText({ html: '<a href="javascript:alert(1)">Click</a>', onNavigate });
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('about:blank#blocked');
    expect(link?.getAttribute('aria-disabled')).toBe('true');
    expect(link?.hasAttribute('target')).toBe(false);
    expect(link?.textContent).toBe('Click');
    expect(click(link)).toBe(true);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('keeps escaped markup as visible text', () => {
    const container = renderText({ html: '&lt;script&gt;x&lt;/script&gt;' });
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('<script>x</script>');
  });
});

describe('RenderedText with good input', () => {
  it.each([
    'https://www.gov.uk/x',
    '/cookies',
    '#main',
    'mailto:a@b.c',
    'tel:+441234567890',
    'page?x=a:b',
    'page#a:b',
    'relative/path',
  ])('keeps the address %s', (href) => {
    const container = renderText({ html: `<a href="${href}">Link</a>` });
    expect(container.querySelector('a')?.getAttribute('href')).toBe(href);
  });

  it('adds GOV.UK classes and keeps the allowed tags', () => {
    const container = renderText({
      html:
        '<h2>Title</h2><h3>Sub</h3><h4>Minor</h4><p>Text with <strong>bold</strong>, <em>em</em>,<br><span lang="cy">Cymraeg</span> and <abbr title="Certificate of sponsorship">COS</abbr></p>' +
        '<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>',
    });
    expect(container.querySelector('h2')?.className).toBe('govuk-heading-m');
    expect(container.querySelector('h3')?.className).toBe('govuk-heading-s');
    expect(container.querySelector('h4')?.className).toBe('govuk-heading-s');
    expect(container.querySelector('p')?.className).toBe('govuk-body');
    expect(container.querySelector('ul')?.className).toBe('govuk-list govuk-list--bullet');
    expect(container.querySelector('ol')?.className).toBe('govuk-list govuk-list--number');
    expect(container.querySelectorAll('li')).toHaveLength(3);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('em');
    expect(container.querySelector('br')).not.toBeNull();
    expect(container.querySelector('span')?.getAttribute('lang')).toBe('cy');
    expect(container.querySelector('abbr')?.getAttribute('title')).toBe('Certificate of sponsorship');
  });

  it('renders a table with GOV.UK classes and its safe attributes', () => {
    const container = renderText({
      html: `<table>
        <caption>Statuses</caption>
        <thead><tr><th scope="col">Status</th><th scope="bogus">Count</th></tr></thead>
        <tbody><tr><td colspan="2" rowspan="x">Approved</td></tr></tbody>
      </table>`,
    });
    expect(container.querySelector('table')?.className).toBe('govuk-table');
    expect(container.querySelector('caption')?.className).toBe('govuk-table__caption govuk-table__caption--m');
    expect(container.querySelector('thead')?.className).toBe('govuk-table__head');
    expect(container.querySelector('tbody')?.className).toBe('govuk-table__body');
    expect(container.querySelector('tr')?.className).toBe('govuk-table__row');
    const headers = container.querySelectorAll('th');
    expect(headers[0]?.className).toBe('govuk-table__header');
    expect(headers[0]?.getAttribute('scope')).toBe('col');
    expect(headers[1]?.hasAttribute('scope')).toBe(false);
    const cell = container.querySelector('td');
    expect(cell?.className).toBe('govuk-table__cell');
    expect(cell?.getAttribute('colspan')).toBe('2');
    expect(cell?.hasAttribute('rowspan')).toBe(false);
  });

  it('renders plain text as text, in a GOV.UK paragraph (whose class gives it GOV.UK’s font)', () => {
    const container = renderText({ html: 'Just some words & more' });
    expect(container.textContent).toBe('Just some words & more');
    expect(container.querySelector('p')?.className).toBe('govuk-body');
    expect(container.querySelector('p')?.textContent).toBe('Just some words & more');
  });

  it('puts text and links outside any block in GOV.UK paragraphs, between the blocks it keeps', () => {
    const container = renderText({
      html: 'Only some people can. <a href="/x">Apply</a> instead.<ul><li>One</li></ul>Then <kbd>this</kbd>. <p>Last</p> ',
    });
    const root = container.firstElementChild!;
    expect([...root.children].map((child) => `${child.localName}.${child.className}`)).toEqual([
      'p.govuk-body',
      'ul.govuk-list govuk-list--bullet',
      'p.govuk-body',
      'p.govuk-body',
    ]);
    expect(root.children[0]?.textContent).toBe('Only some people can. Apply instead.');
    expect(root.children[0]?.querySelector('a')?.className).toBe('govuk-link');
    expect(root.children[2]?.textContent).toBe('Then this. ');
    // Every text sits in an element with a GOV.UK class.
    for (const node of [...root.childNodes]) expect(node.nodeType).toBe(Node.ELEMENT_NODE);
  });

  it('keeps an unknown element that holds blocks out of a paragraph', () => {
    const container = renderText({ html: 'Intro <div><p>Inside</p></div>' });
    expect(container.querySelectorAll('p p')).toHaveLength(0);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Intro ', 'Inside']);
  });

  it('renders inline without a wrapping block, unwrapping blocks, so it can sit in a paragraph', () => {
    const { container } = render(
      <TranslationProvider instance={english}>
        <p id="hint">
          <RenderedText html="<p>For example, <strong>12345</strong></p>" inline />
        </p>
      </TranslationProvider>,
    );
    const hint = container.querySelector('#hint');
    expect(hint?.children).toHaveLength(1);
    expect(hint?.firstElementChild?.localName).toBe('strong');
    expect(hint?.textContent).toBe('For example, 12345');
  });

  it('shifts heading levels but keeps their look', () => {
    const container = renderText({ html: '<h2>A</h2><h3>B</h3><h4>C</h4>', headingLevelOffset: 1 });
    expect(container.querySelector('h3')?.textContent).toBe('A');
    expect(container.querySelector('h3')?.className).toBe('govuk-heading-m');
    expect(container.querySelector('h4')?.textContent).toBe('B');
    expect(container.querySelector('h5')?.textContent).toBe('C');
    const deep = renderText({ html: '<h4>Deep</h4>', headingLevelOffset: 5 });
    expect(deep.querySelector('h6')?.textContent).toBe('Deep');
  });

  it('keeps the text of unknown elements but not the elements', () => {
    const container = renderText({ html: '<p>Press <kbd>Enter</kbd> or <button>this</button></p>' });
    expect(container.querySelector('kbd, button')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe('Press Enter or this');
  });
});

describe('RenderedText links', () => {
  it('opens an external link in a new tab and says so', () => {
    const container = renderText({ html: '<p>See <a href="https://www.gov.uk/x">GOV.UK</a>.</p>' });
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://www.gov.uk/x');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.className).toBe('govuk-link');
    expect(link?.textContent).toBe('GOV.UK (opens in new tab)');
  });

  it('takes the new-tab text from the translation', () => {
    const container = renderText({ html: '<a href="http://example.com">مثال</a>' }, makeI18n('ar'));
    expect(container.querySelector('a')?.textContent).toBe('مثال (يفتح في علامة تبويب جديدة)');
  });

  it('does not say it twice when the text already does', () => {
    const container = renderText({ html: '<a href="https://www.gov.uk">GOV.UK (opens in new tab)</a>' });
    expect(container.querySelector('a')?.textContent).toBe('GOV.UK (opens in new tab)');
  });

  it.each(['/cookies', '#main', 'mailto:a@b.c', 'relative/path'])('opens %s in the same tab', (href) => {
    const link = renderText({ html: `<a href="${href}">Here</a>` }).querySelector('a');
    expect(link?.hasAttribute('target')).toBe(false);
    expect(link?.hasAttribute('rel')).toBe(false);
    expect(link?.textContent).toBe('Here');
  });

  it('navigates inside the app for an internal link', () => {
    const onNavigate = vi.fn();
    const link = renderText({ html: '<a href="/cookies">Cookies</a>', onNavigate }).querySelector('a');
    expect(click(link)).toBe(true);
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/cookies');
  });

  it('leaves modified and non-left clicks to the browser', () => {
    const onNavigate = vi.fn();
    const link = renderText({ html: '<a href="/cookies">Cookies</a>', onNavigate }).querySelector('a');
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(click(link, init)).toBe(false);
    }
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it.each(['https://www.gov.uk/x', '#main', 'relative/path', '//evil.example', '/\\evil.example'])(
    'does not navigate inside the app for %s',
    (href) => {
      const onNavigate = vi.fn();
      const link = renderText({ html: `<a href="${href}">Away</a>`, onNavigate }).querySelector('a');
      expect(click(link)).toBe(false);
      expect(onNavigate).not.toHaveBeenCalled();
    },
  );
});
