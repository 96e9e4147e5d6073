// govuk-frontend macros take `attributes` as HTML attribute names; React wants its own names.
// This keeps component props identical to the Nunjucks macro options.

/** HTML attributes as govuk-frontend macro options give them (values may be `{ value, optional }`). */
export type HtmlAttributes = Record<
  string,
  string | number | boolean | { value?: unknown; optional?: boolean } | undefined
>;

const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  autocapitalize: 'autoCapitalize',
  autofocus: 'autoFocus',
  spellcheck: 'spellCheck',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  novalidate: 'noValidate',
  formnovalidate: 'formNoValidate',
  accesskey: 'accessKey',
  contenteditable: 'contentEditable',
  crossorigin: 'crossOrigin',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  hreflang: 'hrefLang',
  srcset: 'srcSet',
};

/** Converts macro-style `attributes` into props that React renders as the same HTML attributes. */
export function toReactAttributes(attributes: HtmlAttributes | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!attributes) return out;
  for (const [name, raw] of Object.entries(attributes)) {
    const value = raw !== null && typeof raw === 'object' ? raw.value : raw;
    if (value === undefined || value === false || value === null) continue;
    const lower = name.toLowerCase();
    const reactName = lower.startsWith('data-') || lower.startsWith('aria-') ? lower : (REACT_NAMES[lower] ?? name);
    out[reactName] = value === true ? (lower.startsWith('data-') || lower.startsWith('aria-') ? '' : true) : value;
  }
  return out;
}

/** Joins class names, skipping empty ones. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
