// Where the exit page's "Go back to my answers" leads: apart from exit-button.ts, which every
// page's frame loads, as only the exit page needs it.
import { EXIT_RETURN_PARAMETER } from './exit-button.ts';

// A page of this service: a path and, at most, a plain query (no other site, no `//`).
const LOCAL_ADDRESS = /^\/(?![/\\])[\w\-/]*(?:\?[\w\-=&%.]*)?$/;

/** The page Exit was pressed on, if its address is one of this service's, else the start page. */
export function exitReturnAddress(search: string): string {
  const value = new RegExp(`(?:^|[?&])${EXIT_RETURN_PARAMETER}=([^&]*)`).exec(search)?.[1];
  let from: string;
  try {
    from = decodeURIComponent((value ?? '').replace(/\+/g, ' '));
  } catch {
    return '/';
  }
  return LOCAL_ADDRESS.test(from) ? from : '/';
}
