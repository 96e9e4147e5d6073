import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Panel } from './panel.tsx';

describeFixtures('panel', Panel);

describe('Panel behaviour', () => {
  it('calls onClick on interruption panel actions', () => {
    const onContinue = vi.fn();
    // Preventing the default is what a router does, and jsdom cannot navigate anyway.
    const onCancel = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <Panel
        classes="govuk-panel--interruption"
        titleText="Before you continue"
        actions={{
          items: [
            { text: 'Continue', onClick: onContinue },
            { text: 'Cancel', href: '/', onClick: onCancel },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(onContinue).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
