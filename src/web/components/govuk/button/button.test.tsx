import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Button } from './button.tsx';

describeFixtures('button', Button);

describe('Button in React', () => {
  const submitTwice = (preventDoubleClick: boolean) => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button text="Send" preventDoubleClick={preventDoubleClick} />
      </form>,
    );
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(screen.getByRole('button'));
    return onSubmit.mock.calls.length;
  };

  it('submits once when clicked twice quickly with preventDoubleClick', () => {
    expect(submitTwice(true)).toBe(1);
  });

  it('submits every click without preventDoubleClick', () => {
    expect(submitTwice(false)).toBe(2);
  });

  it('keeps a busy button focusable but ignores its clicks', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button text="Send" busy onClick={onClick} />
      </form>,
    );
    const button = screen.getByRole('button');
    button.focus();
    fireEvent.click(button);
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('answers the space key when it is a link', () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(<Button text="Start" href="/start" onClick={onClick} />);
    fireEvent.keyDown(screen.getByRole('button'), { key: ' ' });
    expect(onClick).toHaveBeenCalledOnce();
  });
});
