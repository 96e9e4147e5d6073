// A value typed in one direction inside a text of either is isolated by a <bdi>, so that in
// Arabic its punctuation stays in it and the sentence's stays in the sentence. Not by isolate
// characters: they would be copied with an email or a name, and refused where it is pasted.
import type { ReactNode } from 'react';
import { joinWelshList } from '#shared/dates/welsh.ts';

/** Where values[index] goes in a translated text: passed as the text's value, then replaced by withIsolated. */
export const slot = (index: number): string => `\u{E000}${index}\u{E000}`;

/** The translated text with each slot(i) in it replaced by values[i] in a <bdi>. */
export function withIsolated(text: string, values: readonly string[]): ReactNode[] {
  return text
    .split(/\u{E000}(\d+)\u{E000}/u)
    .map((part, index) => (index % 2 === 0 ? part : <bdi key={index}>{values[Number(part)]}</bdi>));
}

/**
 * A list of `names` ("A, B and C") in `language`, each in a slot of its own, for withIsolated.
 * Welsh is joined by the service's own rule ("A, B ac C"): the browser's ICU may have no Welsh
 * lists, and "a" or "ac" depends on the last name, not on its slot.
 */
export function slottedList(language: string, names: readonly string[]): string {
  const slots = names.map((_, i) => slot(i));
  if (language === 'cy') return joinWelshList(slots, names.at(-1));
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(slots);
}
