import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../button/button';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import type { ListParams } from '../list-params/use-list-params';
import { SelectField, type SelectOption } from '../select-field/select-field';
import { TextField } from '../text-field/text-field';
import styles from './filter-bar.module.css';

/** A select filter of a {@link FilterBar}. */
export interface FilterBarSelect {
  /** The filter's key in the list state (and URL). */
  key: string;
  label: string;
  options: readonly SelectOption[];
  /** The choice that sets no filter; "All" by default. */
  allLabel?: string;
}

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  /** Names the search landmark, e.g. "Filter stores". */
  label: string;
  /** The list state it reads and writes, from `useListParams`. */
  list: Pick<ListParams, 'state' | 'setFilter' | 'clearFilters'>;
  /**
   * The search field: its label, and its filter key (`search`, as every
   * list endpoint of the contract names it, unless given).
   */
  search?: { key?: string; label: string; placeholder?: string };
  selects?: readonly FilterBarSelect[];
  className?: string;
}

/**
 * The filters of a list screen, kept in the list state (so in the URL): a
 * labelled search field that filters as the user types (replacing the
 * history entry, after a short pause) and at once on Enter or Search (a new
 * entry), keeping focus and text; select filters; and "Clear filters". It
 * wraps onto several lines on a phone.
 */
export function FilterBar({
  label,
  list,
  search,
  selects = [],
  className,
}: FilterBarProps) {
  const { state, setFilter, clearFilters } = list;
  const searchKey = search?.key ?? 'search';
  const urlText = search ? (state.filters[searchKey] ?? '') : '';
  const [draft, setDraft] = useState(urlText);
  const written = useRef(urlText);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);
  const firstSelectRef = useRef<HTMLSelectElement>(null);

  // The URL changed under the field (Back, a saved view, Clear filters):
  // show its text, unless it is what this field itself wrote.
  useEffect(() => {
    if (urlText === written.current) return;
    written.current = urlText;
    clearTimeout(timer.current);
    setDraft(urlText);
  }, [urlText]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function write(text: string, replace: boolean) {
    if (!search) return;
    clearTimeout(timer.current);
    written.current = text;
    setFilter(searchKey, text, { replace });
  }

  function onType(text: string) {
    setDraft(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write(text, true), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    write(draft, false);
  }

  const active = Object.keys(state.filters).length > 0 || draft !== '';

  return (
    <form
      role="search"
      aria-label={label}
      className={[styles.bar, className ?? ''].filter(Boolean).join(' ')}
      onSubmit={onSubmit}
    >
      {search ? (
        <div className={styles.search}>
          <TextField
            ref={searchRef}
            type="search"
            label={search.label}
            placeholder={search.placeholder}
            value={draft}
            onChange={(event) => onType(event.target.value)}
            className={styles.searchField}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      ) : null}
      {selects.map((select, index) => (
        <SelectField
          key={select.key}
          ref={index === 0 ? firstSelectRef : undefined}
          label={select.label}
          value={state.filters[select.key] ?? ''}
          options={[
            { value: '', label: select.allLabel ?? 'All' },
            ...select.options,
          ]}
          onChange={(event) => setFilter(select.key, event.target.value)}
        />
      ))}
      <Button
        variant="ghost"
        disabled={!active}
        onClick={() => {
          // The button is about to be disabled: keep focus in the bar.
          (searchRef.current ?? firstSelectRef.current)?.focus();
          clearTimeout(timer.current);
          written.current = '';
          setDraft('');
          clearFilters();
        }}
      >
        Clear filters
      </Button>
    </form>
  );
}
