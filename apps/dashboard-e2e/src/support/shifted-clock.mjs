/*
 * Preloaded (node --import) into a server that clock-server.ts starts for
 * one spec: its clock runs on by E2E_CLOCK_STEP_MS at each SIGUSR2, so a
 * test can let mailed links expire without waiting days. Never loaded by
 * the server the other specs share, nor by the product.
 */
const RealDate = Date;
const step = Number(process.env['E2E_CLOCK_STEP_MS']);
if (!Number.isFinite(step) || step <= 0) {
  throw new Error('E2E_CLOCK_STEP_MS must be a positive number of ms');
}
let shift = 0;
const now = () => RealDate.now() + shift;

globalThis.Date = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    return args.length === 0
      ? Reflect.construct(target, [now()], newTarget)
      : Reflect.construct(target, args, newTarget);
  },
  apply() {
    return new RealDate(now()).toString();
  },
  get(target, property, receiver) {
    return property === 'now' ? now : Reflect.get(target, property, receiver);
  },
});

process.on('SIGUSR2', () => {
  shift += step;
  process.stderr.write(`e2e clock: shifted by ${shift} ms\n`);
});
