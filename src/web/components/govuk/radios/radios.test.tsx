import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Radios } from './radios.tsx';

describeFixtures('radios', Radios);

describe('Radios in React', () => {
  const items = [
    { value: 'email', text: 'Email', conditional: { html: <p>Email address</p> } },
    { value: 'phone', text: 'Phone', conditional: { html: <p>Phone number</p> } },
  ];
  const hidden = (text: string) =>
    screen.getByText(text).parentElement?.classList.contains('govuk-radios__conditional--hidden');

  it('reveals the conditional content of the checked item', () => {
    render(<Radios name="contact" items={items} />);
    expect(hidden('Email address')).toBe(true);
    fireEvent.click(screen.getByLabelText('Email'));
    expect(hidden('Email address')).toBe(false);
    fireEvent.click(screen.getByLabelText('Phone'));
    expect(hidden('Email address')).toBe(true);
    expect(hidden('Phone number')).toBe(false);
  });

  it('reports the chosen value and follows `value` when controlled', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Radios name="contact" items={items} value="email" onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('Phone'));
    expect(onChange).toHaveBeenCalledWith('phone');
    expect(screen.getByLabelText<HTMLInputElement>('Email').checked).toBe(true);
    rerender(<Radios name="contact" items={items} value="phone" onChange={onChange} />);
    expect(screen.getByLabelText<HTMLInputElement>('Phone').checked).toBe(true);
    expect(hidden('Phone number')).toBe(false);
  });
});
