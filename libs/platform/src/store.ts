/** Stops a subscription. */
export type Unsubscribe = () => void;

/**
 * What React (through `useSyncExternalStore`) and other code read from a
 * long-lived piece of state: the current value, the same object until it
 * changes, and change notifications.
 */
export interface ReadableStore<T> {
  /** The current state; the same object until something changes. */
  getState(): T;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): Unsubscribe;
}

/** A {@link ReadableStore} its owner can also write. */
export interface Store<T> extends ReadableStore<T> {
  /**
   * Replaces the state (or derives it from the previous one). Listeners run
   * only when the new state is not `Object.is`-equal to the old one.
   */
  setState(next: T | ((previous: T) => T)): void;
}

/**
 * The one shape of every long-lived piece of shell state (session, tenancy,
 * theme): a value held outside React, read in React with
 * `useSyncExternalStore(store.subscribe, store.getState)`. The functions
 * are bound, so they can be passed around as they are.
 */
export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(next) {
      const value =
        typeof next === 'function' ? (next as (previous: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      // A copy, so a listener that unsubscribes (or subscribes) while being
      // called does not change who is called this time.
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
