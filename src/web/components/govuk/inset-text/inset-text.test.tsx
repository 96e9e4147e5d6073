import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { InsetText } from './inset-text.tsx';

describeFixtures('inset-text', InsetText);

describe('InsetText in React', () => {
  it('renders children in place of the Nunjucks caller block', () => {
    render(
      <InsetText text="ignored">
        <p>From children</p>
      </InsetText>,
    );
    expect(screen.getByText('From children')).toBeTruthy();
    expect(screen.queryByText('ignored')).toBeNull();
  });
});
