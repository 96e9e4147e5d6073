import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, isPagePath } from './page-paths.ts';

describe('isPagePath', () => {
  it('knows every page, the start page included', () => {
    for (const path of PAGE_PATHS) expect(isPagePath(path.replace(':applicantIndex', '2')), path).toBe(true);
    expect(isPagePath('/')).toBe(true);
  });

  it('matches as the router does: any letter case, trailing slashes, one segment for a parameter', () => {
    expect(isPagePath('/Cookies')).toBe(true);
    expect(isPagePath('/cookies/')).toBe(true);
    expect(isPagePath('/status/0')).toBe(true);
    expect(isPagePath('/status/abc/')).toBe(true);
    expect(isPagePath('/reuse-travel')).toBe(true);
  });

  it('knows no other address', () => {
    for (const path of ['/anything', '/no/such/page', '/status/1/2', '/cookies.html', '/cookiesx', '/status/']) {
      expect(isPagePath(path), path).toBe(path === '/status/');
    }
  });
});
