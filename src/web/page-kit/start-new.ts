// "Start now" on the start page begins a new application even when the receipts of the last one
// are still kept (after sending, every page of the journey shows them again instead of an empty
// form). The start page says so through the history state of the page it opens, which keeps the
// start page's code free of the journey's.

/** The history state of the first question opened by "Start now". */
export const START_NEW_STATE = { startNew: true } as const;

/** True for the history state "Start now" sets. */
export function isStartNew(historyState: unknown): boolean {
  return (
    typeof historyState === 'object' &&
    historyState !== null &&
    (historyState as { startNew?: unknown }).startNew === true
  );
}
