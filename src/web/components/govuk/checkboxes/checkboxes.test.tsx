import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Checkboxes } from './checkboxes.tsx';

describeFixtures('checkboxes', Checkboxes);

describe('Checkboxes in React', () => {
  it('reveals the conditional content of a checked item and hides it when unchecked', () => {
    render(
      <Checkboxes
        name="contact"
        items={[{ value: 'email', text: 'Email', conditional: { html: <p>Email address</p> } }]}
      />,
    );
    const hidden = () =>
      screen.getByText('Email address').parentElement?.classList.contains('govuk-checkboxes__conditional--hidden');
    expect(hidden()).toBe(true);
    fireEvent.click(screen.getByLabelText('Email'));
    expect(hidden()).toBe(false);
    fireEvent.click(screen.getByLabelText('Email'));
    expect(hidden()).toBe(true);
  });
});
