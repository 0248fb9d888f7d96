import { createContext, useContext, type Provider } from 'react';

/**
 * A context that hands a list's cells what the screen holding the list lets
 * them do, so the columns stay declared once at module scope: the provider
 * goes around the table, and the hook, in a cell, reads it or throws
 * `misplaced` when the cell is rendered outside that provider.
 *
 * @example
 * const [OpenProvider, useOpen] = rowContext<(id: number) => void>(
 *   'OpenButton must be inside the uploads list.',
 * );
 */
export function rowContext<T>(
  misplaced: string,
): readonly [Provider<T | null>, () => T] {
  const Context = createContext<T | null>(null);
  function useRowContext(): T {
    const value = useContext(Context);
    if (value === null) throw new Error(misplaced);
    return value;
  }
  return [Context.Provider, useRowContext];
}
