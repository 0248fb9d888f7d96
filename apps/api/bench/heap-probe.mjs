/**
 * Loaded into a server process by the soak (`node --expose-gc --import
 * <this file> dist/main.js`), never by the product: on SIGUSR2 it runs a
 * full garbage collection and appends the process's memory right after
 * (`process.memoryUsage()`, bytes, with the time) as one JSON line to the
 * file named by HEAP_PROBE_FILE. What is still used after a full collection
 * is what a leak grows; resident memory also holds what V8 and the
 * allocator keep for later, which is not a leak (docs/decisions/0106).
 */
import { appendFileSync } from 'node:fs';

const file = process.env['HEAP_PROBE_FILE'];
if (file && typeof globalThis.gc === 'function') {
  const gc = globalThis.gc;
  process.on('SIGUSR2', () => {
    const started = performance.now();
    gc();
    const usage = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), gcMs: performance.now() - started, ...usage })}\n`,
    );
  });
}
