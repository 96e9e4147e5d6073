// "Exit to GOV.UK", on every page, is a form's button: it clears the answers, on the server too
// (decision 026), and clearing is a change, which only a POST makes. The name is the journey
// buttons' (`action`); kept apart from them so that the frame of every page loads no journey rules.
// With answers not yet sent (and not saved to come back later), Exit first opens a page that asks
// to confirm (EXIT_PATH): the server sends the browser there; only its button clears.

/** The name and value the Exit button posts. */
export const EXIT_BUTTON = { name: 'action', value: 'exit' } as const;

/** The name and value of the confirmation page's button: exit and clear the answers. */
export const EXIT_CONFIRMED_BUTTON = { name: 'action', value: 'exit-confirmed' } as const;

/** The page that asks to confirm exiting when answers would be lost. */
export const EXIT_PATH = '/exit';

/** The confirmation page's parameter: the page Exit was pressed on (exit-return.ts reads it). */
export const EXIT_RETURN_PARAMETER = 'from';

/** The confirmation page's address, to return to `from` (a page's path and query) when the user stays. */
export function exitHref(from: string): string {
  return `${EXIT_PATH}?${EXIT_RETURN_PARAMETER}=${encodeURIComponent(from)}`;
}
