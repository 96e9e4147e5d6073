// Job errors are stored in outbox_jobs.last_error and logged. A mail server's refusal can quote the
// recipient's address and a library error can quote a URL with a token in it, so those are masked;
// our own errors name ids only. The text is kept short: it says what failed, the stack is not needed.
const emailAddress = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g;
const jwtLike = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const queryString = /\?\S*/g;
const maximumLength = 500;

/** The error's type, code and message, without email addresses, tokens or query strings. */
export function safeErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : 'Error';
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const masked = message.replace(jwtLike, '[token]').replace(emailAddress, '[email]').replace(queryString, '?[…]');
  const text = `${name}${typeof code === 'string' || typeof code === 'number' ? ` (${code})` : ''}: ${masked}`;
  return text.length > maximumLength ? `${text.slice(0, maximumLength - 1)}…` : text;
}
