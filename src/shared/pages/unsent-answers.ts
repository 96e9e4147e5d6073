// Whether a saved form state holds answers not yet sent: then Exit asks first, the start page offers
// to continue, and the page of a saved application's link warns that opening it replaces them.
// Read from the serialised text itself, without the journey's rules.

/** True for a typed value, or a date with any part typed. */
const filled = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.trim() !== ''
    : typeof value === 'object' && value !== null && Object.values(value).some(filled);

/** True when the saved form state (serialiseFormState's text) has a group member or any answer of the current applicant. */
export function hasUnsentAnswers(saved: string | null | undefined): boolean {
  if (saved === null || saved === undefined) return false;
  try {
    const state = JSON.parse(saved) as { group?: unknown; current?: unknown };
    return (Array.isArray(state.group) && state.group.length > 0) || filled(state.current);
  } catch {
    return false;
  }
}
