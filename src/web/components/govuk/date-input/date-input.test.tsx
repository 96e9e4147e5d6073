import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { DateInput } from './date-input.tsx';

describeFixtures('date-input', DateInput);

describe('DateInput in React', () => {
  it('reports changes by field name, without the name prefix', () => {
    const onChange = vi.fn();
    render(<DateInput id="dob" namePrefix="dob" values={{ day: '1', month: '2', year: '2000' }} onChange={onChange} />);
    const month = screen.getByLabelText<HTMLInputElement>('Month');
    expect(month.name).toBe('dob-month');
    fireEvent.change(month, { target: { value: '12' } });
    expect(onChange).toHaveBeenCalledWith('month', '12', expect.anything());
    expect(month.value).toBe('2');
  });

  it('calls the onChange of an item', () => {
    const onChange = vi.fn();
    render(<DateInput id="dob" items={[{ name: 'day', value: '', onChange }, { name: 'month' }]} />);
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '3' } });
    expect(onChange).toHaveBeenCalledOnce();
  });
});
