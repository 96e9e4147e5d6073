/** One reason a request was refused: where (applicant index, field or path) and which rule. */
export interface HttpErrorDetail {
  readonly index?: number;
  readonly field: string;
  readonly rule: string;
}

/**
 * An error whose status, name, message and details are safe to show the caller. Throw it from a
 * route to answer `{ error, message, details? }` with that status; any other error becomes a
 * logged, generic 500.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly details: readonly HttpErrorDetail[] | undefined;

  constructor(statusCode: number, error: string, message: string, details?: readonly HttpErrorDetail[]) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.error = error;
    this.details = details;
  }
}
