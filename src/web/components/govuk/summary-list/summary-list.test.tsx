import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { SummaryList, type SummaryListProps } from './summary-list.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('SummaryList matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('summary-list')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<SummaryList {...(optionsToProps(fixture.options) as SummaryListProps)} />)).toBe(
        normaliseHtml(fixture.html),
      );
    });
  }
});

describe('SummaryList behaviour', () => {
  afterEach(cleanup);

  it('calls onClick on row and card actions', () => {
    // Preventing the default is what a router does, and jsdom cannot navigate anyway.
    const onChange = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onDelete = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <SummaryList
        card={{ title: { text: 'Passport' }, actions: { items: [{ href: '/delete', text: 'Delete', onClick: onDelete }] } }}
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
