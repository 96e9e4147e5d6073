// GOV.UK's accessible-autocomplete on a <select> of listed values (the nationality, the place of
// departure), loaded only with the pages that use it. The suggestions come from a shared search,
// so other names find an option ("Holland", "Baile Átha Cliath"). The select stays what the form
// submits, and it is kept in step with the text the user sees: when the user leaves the box or
// presses Continue without picking, the typed text decides (decisions 007 and 016).
import 'accessible-autocomplete/dist/accessible-autocomplete.min.css';
import accessibleAutocomplete from 'accessible-autocomplete';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { escapeHtmlText } from '#shared/pages/html-escape.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

export interface SelectAutocompleteOptions {
  /** The values of the options that match the typed text, best first (an option's text is its value). */
  readonly search: (query: string) => readonly string[];
  /** The value of the one option the typed text names exactly, or undefined. */
  readonly lookup: (typed: string) => string | undefined;
  /** Told the value the select holds after each choice. */
  readonly onChange?: (value: string) => void;
  /**
   * Given, typed text that names no option is kept as the answer: this adds it to the select (as
   * an option the page renders), so the shared rule refuses it with its own message. Without
   * it, such text empties the answer.
   */
  readonly keepUnlisted?: (typed: string) => void;
  /** The text an option's value is shown as, when it is not the value itself (a country's name in Welsh or Arabic, decision 031); the lookup must know it. */
  readonly label?: (value: string) => string;
}

/** The value for what is typed: the option chosen while it is still what the box shows, else the option the text names, else the text itself (when unlisted text is kept) or nothing. */
export function valueForTyped(
  typed: string,
  current: string,
  lookup: (typed: string) => string | undefined,
  keepUnlisted: boolean,
): string {
  const text = typed.trim();
  if (text === '') return '';
  if (current !== '' && text === current) return current;
  return lookup(text) ?? (keepUnlisted ? text : '');
}

/** Enhances the select with accessible-autocomplete once, searching with `options.search`, with the widget's texts in the current language. */
export function useSelectAutocomplete(
  selectRef: RefObject<HTMLSelectElement | null>,
  options: SelectAutocompleteOptions,
): { readonly enhanced: boolean } {
  // False until the widget is there: the page's hint says what the control in the page does (a
  // plain list to choose from, then a box to type in), and the server's render is the plain list.
  const [enhanced, setEnhanced] = useState(false);
  const { t } = useTranslation();
  // The widget asks for its texts when it speaks, and calls back long after this render: the
  // refs keep both in step with the language and the page shown now.
  const translate = useRef(t);
  const latest = useRef(options);
  useEffect(() => {
    translate.current = t;
    latest.current = options;
  });

  // Sets the select from the text in the box; the widget's input takes the select's id.
  const settle = useRef((select: HTMLSelectElement) => {
    const box = document.getElementById(select.id.replace(/-select$/, ''));
    // Not enhanced (yet): the select is all there is, and it holds what was chosen.
    if (!(box instanceof HTMLInputElement)) return;
    const { lookup, keepUnlisted, onChange } = latest.current;
    const value = valueForTyped(box.value, select.value, lookup, keepUnlisted !== undefined);
    if (value !== '' && ![...select.options].some((option) => option.value === value)) {
      // The option must be in the select before the form reads it, in this same event.
      flushSync(() => keepUnlisted?.(value));
    }
    select.value = value;
    onChange?.(select.value);
  });

  useEffect(() => {
    const select = selectRef.current;
    if (select === null || select.dataset.enhanced === 'true') return;
    select.dataset.enhanced = 'true';
    setEnhanced(true);
    accessibleAutocomplete.enhanceSelectElement({
      selectElement: select,
      defaultValue: '',
      showAllValues: true,
      dropdownArrow: () => '',
      // Nothing is chosen for the user: leaving the box or pressing Enter with text that names
      // no option keeps that text (see settle), rather than silently taking the first suggestion.
      autoselect: false,
      source: (query, populateResults) => populateResults([...latest.current.search(query)]),
      // The suggestions are values; each is shown as its option is (the box starts from the
      // selected option's text, which the label of that text gives back unchanged).
      templates: {
        inputValue: (value) => (value === undefined ? '' : (latest.current.label?.(value) ?? value)),
        suggestion: (value) => escapeHtmlText(latest.current.label?.(value) ?? value),
      },
      tNoResults: () => translate.current('apply.autocomplete.noResults'),
      tStatusNoResults: () => translate.current('apply.autocomplete.noResults'),
      tStatusQueryTooShort: (count: number) => translate.current('apply.autocomplete.queryTooShort', { count }),
      tStatusSelectedOption: (option: string, count: number, index: number) =>
        translate.current('apply.autocomplete.selectedOption', { option, count, position: index + 1 }),
      tStatusResults: (count: number, selected: string) =>
        translate.current('apply.autocomplete.results', { count, selected }),
      tAssistiveHint: () => translate.current('apply.autocomplete.assistiveHint'),
      // Given onConfirm, the library leaves the select to us: it is what the form submits.
      onConfirm: (value: string | undefined) => {
        // Left without a pick: the typed text decides.
        if (value === undefined) return settle.current(select);
        // The option shown at first is confirmed as its text, which is a label when labels differ.
        const listed = [...select.options].some((option) => option.value === value);
        select.value = listed ? value : (latest.current.lookup(value) ?? '');
        latest.current.onChange?.(select.value);
      },
    });
  }, [selectRef]);

  // The box is what screen readers meet, not the hidden select: it is described by the field's
  // hint and error as the select is (GOV.UK's order: hint, then error), and by the widget's own
  // assistive hint while the widget gives it. The widget sets aria-describedby itself each time
  // it shows or drops that hint, and React sets the select's as the error comes and goes: both
  // are watched, and the box's attribute is made again from them.
  useEffect(() => {
    const select = selectRef.current;
    const input = select === null ? null : document.getElementById(select.id.replace(/-select$/, ''));
    if (select === null || !(input instanceof HTMLInputElement)) return;
    const describe = () => {
      const ids = (element: Element) => (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const own = ids(input).filter((id) => id === `${input.id}__assistiveHint`);
      const wanted = [...ids(select), ...own].join(' ');
      if (wanted === '') input.removeAttribute('aria-describedby');
      else if (input.getAttribute('aria-describedby') !== wanted) input.setAttribute('aria-describedby', wanted);
    };
    describe();
    const observer = new MutationObserver(describe);
    for (const element of [select, input]) observer.observe(element, { attributeFilter: ['aria-describedby'] });
    return () => observer.disconnect();
  }, [selectRef]);

  // Continue pressed (or Enter) without leaving the box: set the select before the page reads the
  // form. A capturing listener on the form runs before the page's own, whether the renderer
  // listens at the root or on the form itself.
  useEffect(() => {
    const select = selectRef.current;
    const form = select?.form;
    if (select === null || select === undefined || form === null || form === undefined) return;
    const onSubmit = () => settle.current(select);
    // The list of suggestions sits in the page: if pressing Continue took the focus from the box,
    // the list would close and pull the button from under the pointer, and the click would be
    // lost (accessible-autocomplete issue 48). So the focus stays in the box for that press.
    const onMouseDown = (event: MouseEvent) => {
      const id = select.id.replace(/-select$/, '');
      const listOpen = document.querySelector(`#${CSS.escape(id)}__listbox.autocomplete__menu--visible`) !== null;
      const onSubmitButton = event.target instanceof Element && event.target.closest('button[type="submit"]') !== null;
      if (listOpen && onSubmitButton && document.activeElement?.id === id) event.preventDefault();
    };
    form.addEventListener('submit', onSubmit, { capture: true });
    form.addEventListener('mousedown', onMouseDown);
    return () => {
      form.removeEventListener('submit', onSubmit, { capture: true });
      form.removeEventListener('mousedown', onMouseDown);
    };
  }, [selectRef]);
  return { enhanced };
}
