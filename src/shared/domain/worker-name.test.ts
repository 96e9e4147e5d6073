import { describe, expect, it } from 'vitest';
import { listedWorkerName } from './worker-name.ts';

describe('listedWorkerName', () => {
  it('is "Family, Given", or the one name alone', () => {
    expect(listedWorkerName('Ní Bhraonáin', 'Eithne')).toBe('Ní Bhraonáin, Eithne');
    expect(listedWorkerName('Suharto', '')).toBe('Suharto');
    expect(listedWorkerName('Suharto', ' ')).toBe('Suharto');
  });
});
