// Whether a saved form state holds answers not yet sent: then leaving the page warns (with
// JavaScript) and Exit asks first (with or without). Read from the saved text itself, without the
// journey's rules, so that the frame of every page can ask in the first load.

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
