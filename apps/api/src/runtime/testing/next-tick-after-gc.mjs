/**
 * Child process of next-tick-shape.test.ts, plain JavaScript run by Node
 * with no loader (a loader's own work can hold a tick object and hide what
 * is tested) and `--expose-gc --allow-natives-syntax`. Makes ticks, runs
 * two full garbage collections while no tick is queued, makes ticks again,
 * then prints V8's `%DebugPrint` of `process.nextTick`, whose feedback
 * slots give the inline-cache state of the tick object literal's four
 * property definitions (MONOMORPHIC: the fast path; MEGAMORPHIC: every
 * tick through the runtime). Its argument, if any, is the URL of a module
 * whose `keepNextTickShape` it calls first.
 */
const keeper = process.argv[2];
if (keeper) (await import(keeper)).keepNextTickShape();

const debugPrint = new Function('f', '%DebugPrint(f)');
const noop = () => undefined;
const later = (run) => setTimeout(run, 10);
const ticks = () => {
  for (let i = 0; i < 1000; i += 1) process.nextTick(noop);
};

later(() => {
  ticks();
  // A new task: the ticks above have run, none is queued.
  later(() => {
    globalThis.gc();
    globalThis.gc();
    later(() => {
      ticks();
      later(() => debugPrint(process.nextTick));
    });
  });
});
