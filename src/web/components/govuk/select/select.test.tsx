import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Select, type SelectProps } from './select.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Select matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('select')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Select {...(optionsToProps(fixture.options) as SelectProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('Select in React', () => {
  afterEach(cleanup);

  const items = [
    { value: 'red', text: 'Red' },
    { value: 'green', text: 'Green' },
  ];

  it('is controlled by `value` when given `onChange`', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Select name="colour" label={{ text: 'Colour' }} items={items} value="red" onChange={onChange} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Colour');
    fireEvent.change(select, { target: { value: 'green' } });
    expect(onChange).toHaveBeenCalledOnce();
    expect(select.value).toBe('red');
    rerender(<Select name="colour" label={{ text: 'Colour' }} items={items} value="green" onChange={onChange} />);
    expect(select.value).toBe('green');
  });
});
