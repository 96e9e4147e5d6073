import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Radios, type RadiosProps } from './radios.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Radios matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('radios')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Radios {...(optionsToProps(fixture.options) as RadiosProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('Radios in React', () => {
  afterEach(cleanup);

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
