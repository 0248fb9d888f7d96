import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('hands out the same state object until it changes', () => {
    const store = createStore({ count: 0 });
    const first = store.getState();
    expect(store.getState()).toBe(first);
    store.setState((previous) => ({ count: previous.count + 1 }));
    expect(store.getState()).not.toBe(first);
    expect(store.getState()).toEqual({ count: 1 });
  });

  it('notifies each subscriber once per change and never for an equal state', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 })), (values) => {
        const store = createStore(0);
        const listener = vi.fn();
        store.subscribe(listener);
        let changes = 0;
        let previous = 0;
        for (const value of values) {
          if (value !== previous) changes += 1;
          previous = value;
          store.setState(value);
        }
        expect(listener).toHaveBeenCalledTimes(changes);
        expect(store.getState()).toBe(previous);
      }),
    );
  });

  it('stops notifying after unsubscribe, even from inside a notification', () => {
    const store = createStore('a');
    const second = vi.fn();
    const unsubscribeSecond = store.subscribe(second);
    const first = vi.fn(() => unsubscribeSecond());
    store.subscribe(first);
    store.setState('b');
    store.setState('c');
    expect(first).toHaveBeenCalledTimes(2);
    // Called for 'b' (the set of listeners is fixed when a change starts), not for 'c'.
    expect(second).toHaveBeenCalledTimes(1);
  });
});
