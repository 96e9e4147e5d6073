import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pathMatcher } from './path-matcher.ts';

const patterns = ['/passenger-name', '/status/:applicantIndex', '/group/edit'];

describe('a path matcher', () => {
  it('matches as the browser’s router does: letter case ignored, trailing slashes and parameters allowed', () => {
    const matches = pathMatcher(patterns);
    expect(matches('/passenger-name')).toBe(true);
    expect(matches('/Passenger-Name/')).toBe(true);
    expect(matches('/status/2')).toBe(true);
    expect(matches('/status')).toBe(false);
    expect(matches('/status/2/more')).toBe(false);
    expect(matches('/passenger-names')).toBe(false);
    expect(matches('/')).toBe(false);
  });

  it('answers the same when asked again, and after more paths than it keeps', () => {
    const matches = pathMatcher(patterns);
    const asked = Array.from({ length: 2_000 }, (_, index) =>
      index % 3 === 0 ? `/status/${index}` : index % 3 === 1 ? `/unknown-${index}` : '/group/edit',
    );
    for (const round of [1, 2])
      for (const path of asked)
        expect(matches(path), `${path}, round ${round}`).toBe(
          patterns.some((pattern) => matchPath(pattern, path) !== null),
        );
  });
});
