import { createContext, Suspense, useContext, useState, type ReactNode } from 'react';

// Hydrating the server's page is the longest task of a first load. Parts of the frame that only
// show texts and links (the header's, the footer) can wait: their markup is there, and a link
// followed before its part is hydrated loads its page from the server, as without JavaScript.
// So each such part is hydrated in a task of its own, in turn, after the rest of the page: Preact
// keeps the server's markup of a part that suspends while hydrating and hydrates it once the part
// renders (React, on the server and in unit tests, is never given turns and renders at once).

/** A part's turn to hydrate: `came` once it has come. */
interface Turn {
  readonly coming: Promise<void>;
  came: boolean;
}

/** The turns of the parts that hydrate later, one task each, in the order they were taken. */
export interface HydrationTurns {
  /** A turn for a part met while hydrating; none once the page has hydrated (a part mounted later renders at once). */
  take(): Turn | undefined;
  /** Ends taking turns: called once the page's first hydration has rendered. */
  close(): void;
  /** Resolves once every turn taken has come and its part has rendered. */
  readonly done: Promise<void>;
}

/** Resolves in a task of its own: what follows runs after the browser has had its turn (paint, input). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function hydrationTurns(): HydrationTurns {
  let open = true;
  let last: Promise<void> = Promise.resolve();
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    take() {
      if (!open) return undefined;
      const turn: Turn = { came: false, coming: last.then(nextTask).then(() => void (turn.came = true)) };
      last = turn.coming;
      return turn;
    },
    close() {
      open = false;
      // The part of the last turn renders in the microtasks after its turn; a task later, it has.
      void last.then(nextTask).then(finish);
    },
    done,
  };
}

const TurnsContext = createContext<HydrationTurns | undefined>(undefined);

/** Gives the parts below turns to hydrate later: only while the browser hydrates the server's page. */
export const HydrationTurnsProvider = TurnsContext.Provider;

function Waiting({ turn, children }: { turn: Turn | undefined; children: ReactNode }) {
  if (turn !== undefined && !turn.came) throw turn.coming;
  return children;
}

/**
 * A part of the page that hydrates in a later task of its own. Its children must render one
 * element. `shows` names what the part shows (its language, say): should it change before the
 * part's turn, the server's markup no longer matches, and the part is drawn anew rather than
 * hydrated; after its turn, the part changes in place like any other.
 */
export function HydrateLater({ shows, children }: { shows: string; children: ReactNode }) {
  const turns = useContext(TurnsContext);
  const [turn] = useState(() => turns?.take());
  const [first] = useState(shows);
  // Once drawn anew, for good: the part's turn, when it comes, has nothing left to hydrate.
  const [drawnAnew, setDrawnAnew] = useState(false);
  if (!drawnAnew && turn !== undefined && !turn.came && shows !== first) setDrawnAnew(true);
  return (
    <Suspense key={drawnAnew ? 'anew' : 'hydrated'} fallback={null}>
      <Waiting turn={drawnAnew ? undefined : turn}>{children}</Waiting>
    </Suspense>
  );
}
