import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Textarea } from './textarea.tsx';

describeFixtures('textarea', Textarea);

describe('Textarea in React', () => {
  it('is controlled by `value` when given `onChange`', () => {
    const onChange = vi.fn((event: ChangeEvent<HTMLTextAreaElement>) => event.target.value);
    render(<Textarea name="detail" label={{ text: 'Detail' }} value="One" onChange={onChange} />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Detail');
    fireEvent.change(textarea, { target: { value: 'One line' } });
    expect(onChange.mock.results[0]?.value).toBe('One line');
    expect(textarea.value).toBe('One');
  });
});
