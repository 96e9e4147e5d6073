import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slottedList, withIsolated } from './isolated-values.tsx';

const listed = (language: string, names: string[]) =>
  render(<p>{withIsolated(slottedList(language, names), names)}</p>).container.textContent;

describe('slottedList', () => {
  it('joins names in English through Intl', () => {
    expect(listed('en', ['Ann', 'Siân', 'Ifan'])).toBe('Ann, Siân, and Ifan');
  });

  it('joins names in Welsh with "a" or "ac" chosen by the last name, not its slot', () => {
    expect(listed('cy', ['Ann', 'Siân'])).toBe('Ann a Siân');
    expect(listed('cy', ['Ann', 'Siân', 'Ifan'])).toBe('Ann, Siân ac Ifan');
  });

  it('isolates each name', () => {
    const { container } = render(<p>{withIsolated(slottedList('cy', ['Ann', 'Owen']), ['Ann', 'Owen'])}</p>);
    expect([...container.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['Ann', 'Owen']);
  });
});
