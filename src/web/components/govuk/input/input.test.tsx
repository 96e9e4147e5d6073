import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createRef, type ChangeEvent } from 'react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Input } from './input.tsx';

describeFixtures('input', Input);

describe('Input in React', () => {
  it('is controlled by `value` when given `onChange`', () => {
    const onChange = vi.fn((event: ChangeEvent<HTMLInputElement>) => event.target.value);
    render(<Input name="postcode" label={{ text: 'Postcode' }} value="SW1A" onChange={onChange} />);
    const input = screen.getByLabelText<HTMLInputElement>('Postcode');
    fireEvent.change(input, { target: { value: 'SW1A 2AA' } });
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange.mock.results[0]?.value).toBe('SW1A 2AA');
    expect(input.value).toBe('SW1A');
  });

  it('gives a ref to the input, so a page can focus it', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Input name="postcode" label={{ text: 'Postcode' }} ref={ref} />);
    ref.current?.focus();
    expect(document.activeElement).toBe(screen.getByLabelText('Postcode'));
  });
});
