// The status page's forms posted without JavaScript (decision 024): what the server answers them
// with, which the status pages show as they show the API's answers with JavaScript.

/** The outcome of a status form; shaped by the status pages. */
export type StatusFormOutcome = { readonly kind: 'placeholder' };
