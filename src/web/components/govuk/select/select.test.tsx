import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Select } from './select.tsx';

describeFixtures('select', Select);

describe('Select in React', () => {
  const items = [
    { value: 'red', text: 'Red' },
    { value: 'green', text: 'Green' },
  ];

  it('is controlled by `value` when given `onChange`', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Select name="colour" label={{ text: 'Colour' }} items={items} value="red" onChange={onChange} />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Colour');
    fireEvent.change(select, { target: { value: 'green' } });
    expect(onChange).toHaveBeenCalledOnce();
    expect(select.value).toBe('red');
    rerender(<Select name="colour" label={{ text: 'Colour' }} items={items} value="green" onChange={onChange} />);
    expect(select.value).toBe('green');
  });
});
