// The status list's search: it filters the list as it is typed, and the number of applications
// left is announced; without JavaScript, its button asks the server for the list it finds (a
// GET, which changes nothing).
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { StatusItem } from '#shared/api/public-status.ts';
import { matchesPersonSearch } from '#shared/search/person-search.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Input } from '../../components/govuk/input/input.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useAnnounce } from './status-gate.tsx';

/** How long after the last key press the number of results is announced: not at every letter. */
const ANNOUNCE_RESULTS_AFTER_MS = 500;

/** The parameter of the search's address (a GET: without JavaScript the server renders the list it finds). */
const SEARCH_PARAMETER = 'search';

/** An application the search finds, with its index in the submission (the address of its page). */
export interface FoundItem {
  readonly item: StatusItem;
  readonly index: number;
}

/** What is searched for (from the address at first), and the applications it finds. */
export function useStatusSearch(items: readonly StatusItem[]): {
  search: string;
  setSearch: (typed: string) => void;
  shown: readonly FoundItem[];
} {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const location = useLocation();
  const [search, setTyped] = useState(() => new URLSearchParams(location.search).get(SEARCH_PARAMETER) ?? '');
  const searched = useRef(false);
  // The same function finds them from the search form's address without JavaScript.
  const shown = items.map((item, index) => ({ item, index })).filter(({ item }) => matchesPersonSearch(search, item));

  // The list changes as the user types, away from where they are: say how many are left.
  useEffect(() => {
    if (!searched.current) return;
    const timer = setTimeout(
      () => announce(shown.length === 0 ? t('status.noMatches') : t('status.searchResults', { count: shown.length })),
      ANNOUNCE_RESULTS_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [search, shown.length, announce, t]);

  const setSearch = (typed: string) => {
    searched.current = true;
    setTyped(typed);
  };
  return { search, setSearch, shown };
}

/** The search form. */
export function StatusSearch({ search, onSearch }: { search: string; onSearch: (typed: string) => void }) {
  const { t } = useTranslation();
  return (
    <form method="get" action="/status" role="search" noValidate onSubmit={(event) => event.preventDefault()}>
      <Input
        name={SEARCH_PARAMETER}
        id="search"
        type="search"
        label={{ text: t('status.search'), classes: 'govuk-label--s' }}
        hint={{ text: t('status.searchHint') }}
        classes="govuk-input--width-20"
        autocomplete="off"
        spellcheck={false}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
      />
      <Button text={t('status.searchButton')} type="submit" classes="govuk-button--secondary" />
    </form>
  );
}
