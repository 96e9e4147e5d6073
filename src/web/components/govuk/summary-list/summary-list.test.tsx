import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { SummaryList } from './summary-list.tsx';

describeFixtures('summary-list', SummaryList);

describe('SummaryList behaviour', () => {
  it('calls onClick on row and card actions', () => {
    // Preventing the default is what a router does, and jsdom cannot navigate anyway.
    const onChange = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onDelete = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <SummaryList
        card={{
          title: { text: 'Passport' },
          actions: { items: [{ href: '/delete', text: 'Delete', onClick: onDelete }] },
        }}
        rows={[
          {
            key: { text: 'Name' },
            value: { text: 'Ada' },
            actions: { items: [{ href: '/name', text: 'Change', visuallyHiddenText: 'name', onClick: onChange }] },
          },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Change name (Passport)' }));
    fireEvent.click(screen.getByRole('link', { name: 'Delete (Passport)' }));
    expect(onChange).toHaveBeenCalledOnce();
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
