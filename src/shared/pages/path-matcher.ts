// Whether an address is one of a list of pages, as the browser's router matches it (React Router's
// matchPath: letter case ignored, trailing slashes allowed). matchPath builds the pattern's regular
// expression on every call, and the server asks for every form and every page's data, over lists of
// dozens of pages, so the answer for each path is kept (a few hundred of them: addresses nobody
// links to only cost what they cost before).
import { matchPath } from 'react-router';

/** How many paths' answers a matcher keeps: far more than the service has pages. */
const KEPT_PATHS = 512;

/** A test of whether a path matches one of `patterns` (React Router's syntax), remembered per path. */
export function pathMatcher(patterns: readonly string[]): (path: string) => boolean {
  const answers = new Map<string, boolean>();
  return (path) => {
    const kept = answers.get(path);
    if (kept !== undefined) return kept;
    const matches = patterns.some((pattern) => matchPath(pattern, path) !== null);
    if (answers.size >= KEPT_PATHS) answers.clear();
    answers.set(path, matches);
    return matches;
  };
}
