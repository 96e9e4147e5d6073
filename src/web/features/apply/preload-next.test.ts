import { describe, expect, it } from 'vitest';
import { destinationsOf } from './preload-next.ts';

describe('destinationsOf', () => {
  it('gives every page a step can lead to, whatever the group holds', () => {
    expect(destinationsOf('/your-contact-details', {}).sort()).toEqual(['/check-your-answers', '/sponsor-details']);
    expect(destinationsOf('/cos-reference', {}).sort()).toEqual([
      '/check-your-answers',
      '/reuse-travel-details',
      '/travel-details',
    ]);
    expect(destinationsOf('/reuse-travel-details', {}).sort()).toEqual([
      '/check-your-answers',
      '/reuse-work-dates',
      '/travel-details',
      '/work-dates',
    ]);
  });

  it('follows the nationality chosen: an eligible one to the passport, another to /ineligible', () => {
    expect(destinationsOf('/nationality', { nationality: 'USA - American' })).toContain('/passport-details');
    expect(destinationsOf('/nationality', { nationality: '' })).toContain('/ineligible');
  });

  it('gives the fixed destinations of the pages that are not steps', () => {
    expect(destinationsOf('/group-edit', {})).toEqual(['/passenger-name', '/check-your-answers', '/complete']);
    expect(destinationsOf('/check-your-answers', {})).toContain('/work-dates');
    expect(destinationsOf('/ineligible', {})).toEqual([]);
  });
});
