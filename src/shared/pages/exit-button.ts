// "Exit to GOV.UK", on every page, is a form's button: it clears the answers, on the server too
// (decision 026), and clearing is a change, which only a POST makes. The name is the journey
// buttons' (`action`); kept apart from them so that the frame of every page loads no journey rules.

/** The name and value the Exit button posts. */
export const EXIT_BUTTON = { name: 'action', value: 'exit' } as const;
