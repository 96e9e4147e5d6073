import { describe, expect, it } from 'vitest';
import { adjectiveStems, matchRank, rankEntries, searchKey } from './search-text.ts';

describe('searchKey', () => {
  it.each([
    ['  Dún   Laoghaire ', 'dun laoghaire'],
    ['Côte d’Ivoire', 'cote divoire'],
    ["Côte d'Ivoire", 'cote divoire'],
    ['U.S.A.', 'usa'],
    ['St. Johnston', 'st johnston'],
    ['Carrick-on-Shannon', 'carrick on shannon'],
    ['Bosnia & Herzegovina', 'bosnia and herzegovina'],
    ['Korea (Republic of)', 'korea republic of'],
    ['TÜRKIYE', 'turkiye'],
    ['Baile Átha Cliath', 'baile atha cliath'],
    ['', ''],
    [' ,.- ', ''],
  ])('%j → %j', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });
});

describe('matchRank', () => {
  it.each([
    ['dublin', 'dublin', 0],
    ['dub', 'dublin airport', 1],
    ['airport', 'dublin airport', 2],
    ['west knock', 'ireland west airport knock', 3],
    ['blin', 'dublin', 4],
    ['paris', 'dublin', undefined],
    ['', 'dublin', undefined],
  ] as const)('%j in %j → %s', (query, name, rank) => {
    expect(matchRank(query, name)).toBe(rank);
  });
});

describe('rankEntries', () => {
  const entries = [
    {
      id: 'a',
      names: [
        { key: 'alpha', weight: 0 },
        { key: 'first', weight: 1 },
      ],
    },
    {
      id: 'b',
      names: [
        { key: 'beta', weight: 0 },
        { key: 'alphabet', weight: 1 },
      ],
    },
    { id: 'c', names: [{ key: 'gamma alpha', weight: 0 }] },
  ];
  const ids = (key: string) => rankEntries(key, entries, (entry) => entry.names).map((entry) => entry.id);

  it('orders by rank, then by weight, then by the order given', () => {
    expect(ids('alpha')).toEqual(['a', 'b', 'c']);
    expect(ids('alphab')).toEqual(['b']);
    expect(ids('a')).toEqual(['a', 'b', 'c']);
    expect(ids('first')).toEqual(['a']);
  });

  it('puts a shorter name first when asked, before the order given', () => {
    const named = [
      { id: 'long', names: [{ key: 'united states minor outlying islands', weight: 1 }] },
      { id: 'short', names: [{ key: 'united states of america', weight: 1 }] },
    ];
    expect(rankEntries('united st', named, (entry) => entry.names).map((entry) => entry.id)).toEqual(['long', 'short']);
    expect(rankEntries('united st', named, (entry) => entry.names, true).map((entry) => entry.id)).toEqual([
      'short',
      'long',
    ]);
  });

  it('gives every entry, in order, for an empty query', () => {
    expect(ids('')).toEqual(['a', 'b', 'c']);
  });
});

describe('Arabic text and other digits in keys (decision 031)', () => {
  it.each([
    ['أَلْمَانِيَا', 'المانيا'],
    ['ألـمـانـيا', 'المانيا'],
    ['إيران', 'ايران'],
    ['آيسلندا', 'ايسلندا'],
    ['ٱلعراق', 'العراق'],
    ['مصرى', 'مصري'],
    ['ساموا الأمريكية', 'ساموا الامريكيه'],
    ['٢٠٢٦ ۲ ２', '2026 2 2'],
  ])('reads "%s" as "%s"', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });

  it('tries a Welsh or Arabic adjective without its ending, and without the article', () => {
    expect(adjectiveStems('almaeneg')).toEqual(['almaen']);
    expect(adjectiveStems(searchKey('الألمانية'))).toEqual(['الالمان', 'المان']);
    expect(adjectiveStems(searchKey('أمريكي'))).toEqual(['امريك']);
    expect(adjectiveStems('france')).toEqual([]);
    // Too short a stem finds too much.
    expect(adjectiveStems('seg')).toEqual([]);
  });

  it('ranks a stem a rank below the query itself', () => {
    const names = (entry: string) => [{ key: entry, weight: 0 }];
    expect(rankEntries('abcdi', ['xabcdi', 'abcdz'], names, false, ['abcd'])).toEqual(['abcdz', 'xabcdi']);
  });
});
