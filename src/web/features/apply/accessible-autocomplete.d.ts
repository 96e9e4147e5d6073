// The part of accessible-autocomplete (GOV.UK, no types of its own) this service uses.
declare module 'accessible-autocomplete' {
  interface EnhanceSelectOptions {
    selectElement: HTMLSelectElement;
    defaultValue?: string;
    showAllValues?: boolean;
    dropdownArrow?: () => string;
    autoselect?: boolean;
    /** Called with the typed text; answers with the suggestions, as the options' texts. */
    source?: (query: string, populateResults: (results: string[]) => void) => void;
    onConfirm?: (value: string | undefined) => void;
    /** How a suggestion is written in the box once chosen (text), and in the list (HTML). */
    templates?: { inputValue?: (value: string | undefined) => string; suggestion?: (value: string) => string };
    tNoResults?: () => string;
    tStatusNoResults?: () => string;
    tStatusQueryTooShort?: (minQueryLength: number) => string;
    tStatusSelectedOption?: (selectedOption: string, length: number, index: number) => string;
    tStatusResults?: (length: number, contentSelectedOption: string) => string;
    tAssistiveHint?: () => string;
  }
  const accessibleAutocomplete: {
    enhanceSelectElement(options: EnhanceSelectOptions): void;
  };
  export default accessibleAutocomplete;
}
