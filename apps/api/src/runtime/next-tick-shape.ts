import { createHook } from 'node:async_hooks';

/** The tick object held for the life of the process; `undefined` before {@link keepNextTickShape}. */
let heldTick: object | undefined;

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process
 * (docs/decisions/0111). Node 20 makes each tick as an object literal with
 * two computed keys; V8 keeps the map (shape) of those objects only while
 * one of them is alive. A full garbage collection at a moment when no tick
 * is queued (the server does such collections after seeding, and whenever
 * it is idle) frees that map, the next tick makes a new one, the optimized
 * `nextTick` meets the new map and is thrown away, and V8 then records the
 * literal's site as megamorphic: from then on every `nextTick` in the
 * process, and Node's HTTP server makes nine per request, goes through the
 * runtime (~250 ns a call instead of ~25). Holding one real tick object
 * keeps its map, and with it the fast path, alive.
 *
 * The tick object is taken from an `init` async hook enabled for one
 * `nextTick` call and disabled at once, so no hook runs afterwards. Call it
 * once, first thing in the process; later calls do nothing.
 */
export function keepNextTickShape(): void {
  if (heldTick) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') heldTick ??= resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
}

/** The tick object {@link keepNextTickShape} holds, for tests. */
export function heldTickObject(): object | undefined {
  return heldTick;
}
