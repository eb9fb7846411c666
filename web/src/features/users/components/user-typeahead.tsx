import type { TUserSearchResult } from '@gavel/contracts';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon, SearchIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  searchUsers,
  TYPEAHEAD_MAX_MATCHES,
  TYPEAHEAD_MIN_CHARS,
  USER_SEARCH_MAX_LENGTH,
} from '@/features/users/api';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { FALLBACK } from '@/lib/messages';
import { queryKeys } from '@/lib/query-keys';

/** Wait this long after the last keystroke before searching. */
export const TYPEAHEAD_DEBOUNCE_MS = 250;
export const NO_RESULTS = 'No results found';
/** Users were found, but every one is left out (already a member): more of the name narrows the search. */
export const ONLY_EXCLUDED = 'Everyone found is already a member. Type more of the name or email.';
export const TYPE_MORE = `Type at least ${TYPEAHEAD_MIN_CHARS} characters to search`;
/**
 * Under a full answer (the service gave as many as asked for, so more users may match; its reply does not
 * say): the list is only the first matches.
 */
export const moreMatches = (shown: number) =>
  `Showing the first ${shown} matches: type more to narrow the search.`;
/** After a failed search; Enter in the box does the same. */
export const TRY_AGAIN = 'Try again';

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** The most users one search answers (the server's cap). */
const SEARCH_LIMIT_CAP = 50;

/**
 * Users matching a free-text query; asks only from TYPEAHEAD_MIN_CHARS characters. `excluding` users
 * will be left out, so as many more are asked for (up to the server's cap): ten matches that are all
 * committee members must not hide the eleventh, who is not.
 */
function useUserSearch(query: string, excluding: number) {
  const limit = Math.min(SEARCH_LIMIT_CAP, TYPEAHEAD_MAX_MATCHES + excluding);
  const search = useQuery({
    queryKey: [...queryKeys.users.search(query), limit],
    queryFn: ({ signal }) => searchUsers({ query, limit }, signal),
    enabled: query.length >= TYPEAHEAD_MIN_CHARS,
    staleTime: 30_000,
  });
  return { search, limit };
}

export interface UserTypeaheadProps {
  /** Called with the chosen user; the input then clears. */
  onSelect: (user: TUserSearchResult) => void;
  /** Users never offered (e.g. the committee's members). */
  excludeIds?: readonly string[];
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** Used when no <label for={id}> names the input. */
  'aria-label'?: string;
}

/**
 * A user search box (WAI-ARIA combobox with a listbox popup): searches from 2 characters, 250 ms after
 * the last keystroke, and offers at most 10 users (name and email). Arrow keys move through the
 * matches, Enter picks one, Escape closes the list.
 */
export function UserTypeahead({
  onSelect,
  excludeIds = [],
  id: givenId,
  placeholder = 'Search by name or email…',
  disabled,
  className,
  ...aria
}: UserTypeaheadProps) {
  const ownId = React.useId();
  const id = givenId ?? ownId;
  const listId = `${id}-listbox`;
  const [text, setText] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);

  const query = text.trim();
  const debounced = useDebounced(query, TYPEAHEAD_DEBOUNCE_MS);
  const excluded = new Set(excludeIds);
  const { search, limit } = useUserSearch(debounced, excluded.size);
  const matches =
    debounced === query && search.data
      ? search.data.filter((user) => !excluded.has(user.id)).slice(0, TYPEAHEAD_MAX_MATCHES)
      : [];
  const searching = query.length >= TYPEAHEAD_MIN_CHARS && (debounced !== query || search.isFetching);
  const showList = open && query.length > 0;
  const expanded = showList && matches.length > 0;
  const activeIndex = active < matches.length ? active : -1;

  function choose(user: TUserSearchResult) {
    onSelect(user);
    setText('');
    setActive(-1);
    setOpen(false);
  }

  /** A failed search is asked again for the same text (it is not asked for again until the text changes). */
  function retry() {
    setOpen(true);
    void search.refetch();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (matches.length > 0) setActive((activeIndex + 1) % matches.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (matches.length > 0) setActive(activeIndex <= 0 ? matches.length - 1 : activeIndex - 1);
        break;
      case 'Home':
      case 'End':
        if (expanded) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : matches.length - 1);
        }
        break;
      case 'Enter': {
        // Enter never submits the surrounding form from here.
        event.preventDefault();
        const user = matches[activeIndex];
        if (expanded && user) choose(user);
        else if (search.isError && !searching) retry();
        break;
      }
      case 'Tab':
        // Closed before the focus moves on: otherwise the list goes from under the moving focus, and a
        // dialog's focus trap sends it back to the dialog, then the box, which opens the list again.
        if (showList) {
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Escape':
        if (showList) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

  let status: React.ReactNode = null;
  if (query.length < TYPEAHEAD_MIN_CHARS) status = TYPE_MORE;
  else if (searching) {
    status = (
      <span className="inline-flex items-center gap-2">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        Searching…
      </span>
    );
  } else if (search.isError) {
    status = (
      <span className="inline-flex flex-wrap items-center justify-center gap-2">
        {errorText(search.error, FALLBACK.search)}
        <Button
          type="button"
          variant="outline"
          size="sm"
          // Pressing it must not blur the input: that would close the list before the click.
          onMouseDown={(event) => event.preventDefault()}
          onClick={retry}
        >
          {TRY_AGAIN}
        </Button>
      </span>
    );
  } else if (search.data && matches.length === 0) {
    status = search.data.length > 0 ? ONLY_EXCLUDED : NO_RESULTS;
  } else if (search.data && search.data.length >= limit) {
    status = moreMatches(matches.length);
  }

  return (
    <div className={cn('relative w-full', className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 opacity-50"
        aria-hidden="true"
      />
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        autoComplete="off"
        className="pl-9"
        placeholder={placeholder}
        disabled={disabled}
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        {...aria}
      />
      {showList && (
        <div className="absolute inset-x-0 top-full z-50 mt-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          <div
            id={listId}
            role="listbox"
            aria-label="Matching users"
            tabIndex={-1}
            className="max-h-72 overflow-y-auto"
            // Pressing an option must not blur the input: that would close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
          >
            {matches.map((user, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys.
              <div
                key={user.id}
                id={`${id}-option-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className="flex cursor-default flex-col rounded-sm px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
                onMouseMove={() => setActive(index)}
                onClick={() => choose(user)}
              >
                <span className="font-medium">{user.name}</span>
                <span className="truncate text-xs text-muted-foreground">{user.email}</span>
              </div>
            ))}
          </div>
          {status && (
            <p role="status" className="px-2 py-3 text-center text-sm text-muted-foreground">
              {status}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
