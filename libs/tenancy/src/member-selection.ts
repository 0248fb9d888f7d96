/**
 * The selected member, held in memory only (decisions D4): a reload resets it
 * to the user's own member, and the end of a session clears it.
 */
export interface MemberSelection {
  /** The selected member id, or null for all members. */
  get(): number | null;
  set(memberId: number | null): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Creates an empty member selection. */
export function createMemberSelection(): MemberSelection {
  let selected: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => selected,
    set(memberId) {
      if (memberId === selected) return;
      selected = memberId;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
