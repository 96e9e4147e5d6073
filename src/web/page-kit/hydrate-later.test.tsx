import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HydrateLater, HydrationTurnsProvider, hydrationTurns } from './hydrate-later.tsx';

describe('hydrationTurns', () => {
  it('gives the parts met while hydrating one task each, in order, and none once closed', async () => {
    const turns = hydrationTurns();
    const order: string[] = [];
    const first = turns.take()!;
    const second = turns.take()!;
    void first.coming.then(() => order.push('first'));
    void second.coming.then(() => order.push('second'));
    turns.close();
    expect(turns.take()).toBeUndefined();
    expect([first.came, second.came]).toEqual([false, false]);
    // The first turn comes in a later task, not in the task that hydrated the page.
    await Promise.resolve();
    expect(first.came).toBe(false);
    await first.coming;
    expect([first.came, second.came]).toEqual([true, false]);
    await turns.done;
    expect(order).toEqual(['first', 'second']);
    expect(second.came).toBe(true);
  });

  it('is done at once when no part took a turn', async () => {
    const turns = hydrationTurns();
    turns.close();
    await expect(turns.done).resolves.toBeUndefined();
  });
});

describe('HydrateLater', () => {
  it('renders its part at once where nothing hydrates (the server, a page rendered in the browser)', () => {
    render(
      <HydrateLater shows="en">
        <p>Footer</p>
      </HydrateLater>,
    );
    expect(screen.getByText('Footer')).toBeTruthy();
  });

  it('draws its part anew, without waiting for its turn, when what it shows changes before the turn', () => {
    const turns = hydrationTurns();
    const part = (shows: string, text: string) => (
      <HydrationTurnsProvider value={turns}>
        <HydrateLater shows={shows}>
          <p>{text}</p>
        </HydrateLater>
      </HydrationTurnsProvider>
    );
    const view = render(part('en', 'Footer'));
    turns.close();
    // Waiting for its turn (React keeps nothing of a server's markup here, so it shows nothing).
    expect(screen.queryByText('Footer')).toBeNull();
    view.rerender(part('cy', 'Troedyn'));
    expect(screen.getByText('Troedyn')).toBeTruthy();
  });
});
