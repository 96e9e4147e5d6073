// Whether an address is one of a list of pages, as the browser's router matches it (React Router's
// matchPath: letter case ignored, trailing slashes allowed). matchPath builds the pattern's regular
// expression on every call, and the server asks for every form and every page's data, over lists of
// dozens of pages, so the answer for each path is kept (a few hundred of them: addresses nobody
// links to only cost what they cost before).
import { matchPath } from 'react-router';

/** How many paths' answers are kept: far more than the service has pages. */
const KEPT_PATHS = 512;

/** `answer` for a path, remembered per path (a few hundred paths; then forgotten and asked again). */
export function rememberedPerPath<T>(answer: (path: string) => T): (path: string) => T {
  const answers = new Map<string, T>();
  return (path) => {
    if (answers.has(path)) return answers.get(path) as T;
    const found = answer(path);
    if (answers.size >= KEPT_PATHS) answers.clear();
    answers.set(path, found);
    return found;
  };
}

/** A test of whether a path matches one of `patterns` (React Router's syntax), remembered per path. */
export function pathMatcher(patterns: readonly string[]): (path: string) => boolean {
  return rememberedPerPath((path) => patterns.some((pattern) => matchPath(pattern, path) !== null));
}
