/**
 * An error whose status, name and message are safe to show the caller. Throw it from a route to
 * answer `{ error, message }` with that status; any other error becomes a logged, generic 500.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: string;

  constructor(statusCode: number, error: string, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.error = error;
  }
}
