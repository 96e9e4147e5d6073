import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { DateInput, type DateInputProps } from './date-input.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('DateInput matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('date-input')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<DateInput {...(optionsToProps(fixture.options) as DateInputProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('DateInput in React', () => {
  afterEach(cleanup);

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
