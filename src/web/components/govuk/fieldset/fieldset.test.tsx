import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Fieldset } from './fieldset.tsx';

describeFixtures('fieldset', Fieldset);

describe('Fieldset in React', () => {
  it('renders children in place of the Nunjucks caller block', () => {
    render(
      <Fieldset html="ignored">
        <p>From children</p>
      </Fieldset>,
    );
    expect(screen.getByText('From children')).toBeTruthy();
    expect(screen.queryByText('ignored')).toBeNull();
  });
});
