/** One reason a request was refused: where (applicant index, field or path) and which rule. */
export interface HttpErrorDetail {
  readonly index?: number;
  readonly field: string;
  readonly rule: string;
}

/** Fields of a refusal's body beside `error` and `message` that the caller acts on (the attempts left, the end of a lockout). */
export type HttpErrorFields = Readonly<Record<string, string | number>>;

/**
 * An error whose status, name, message, details and fields are safe to show the caller. Throw it
 * from a route to answer `{ error, message, details?, ...fields }` with that status; any other
 * error becomes a logged, generic 500.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly details: readonly HttpErrorDetail[] | undefined;
  readonly fields: HttpErrorFields | undefined;

  constructor(
    statusCode: number,
    error: string,
    message: string,
    details?: readonly HttpErrorDetail[],
    fields?: HttpErrorFields,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.error = error;
    this.details = details;
    this.fields = fields;
  }
}
