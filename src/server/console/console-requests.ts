// What the console's pages read from a request: the member of staff, a form's or query's fields,
// a page number, and the pagination of a list.
import type { StaffMember } from '../services/casework/staff.ts';
import type { SignedIn } from './staff-guard.ts';

/** The member of staff the casework services record. */
export const staffOf = (signedIn: SignedIn): StaffMember => ({
  id: signedIn.session.staff.id,
  name: signedIn.session.staff.name,
});

export type Fields = Record<string, string | undefined>;
/** A form's or query's fields: one string each (a repeated field counts as its first). */
export function fieldsOf(value: unknown): Fields {
  const fields: Fields = {};
  if (typeof value !== 'object' || value === null) return fields;
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    const first = Array.isArray(field) ? (field as unknown[])[0] : field;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

export const pageNumber = (text: string | undefined) =>
  text === undefined || !/^\d{1,6}$/.test(text) ? 1 : Number(text);
/** GOV.UK's pagination for page `page` of `pageCount`, each page at `href(n)`. */
export function paginationOf(page: number, pageCount: number, href: (page: number) => string) {
  if (pageCount <= 1) return undefined;
  return {
    previous: page > 1 ? { href: href(page - 1) } : undefined,
    next: page < pageCount ? { href: href(page + 1) } : undefined,
    items: Array.from({ length: pageCount }, (_, index) => index + 1)
      .filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= 1)
      .map((n) => ({ number: n, href: href(n), current: n === page })),
  };
}

/**
 * What a form page shows of its one refused field (none: `message` undefined): the field's
 * message, the error summary's link to it, and the answer's status code.
 */
export function formError(field: string, message: string | undefined) {
  return message === undefined
    ? { code: 200, fieldErrors: {}, errors: [] }
    : { code: 400, fieldErrors: { [field]: message }, errors: [{ text: message, href: `#${field}` }] };
}
