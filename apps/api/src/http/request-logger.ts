import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type FastifyChildLoggerFactory = NonNullable<
  FastifyServerOptions['childLoggerFactory']
>;

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/** What the lazy logger reads of pino's logger besides FastifyBaseLogger. */
interface PinoLogger extends FastifyBaseLogger {
  readonly levelVal: number;
  isLevelEnabled(level: string): boolean;
  bindings(): Bindings;
  setBindings(bindings: Bindings): void;
}

/** Pino's methods that write a line, each handed to the real child. */
const WRITERS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

const STATE = Symbol('request logger');

interface LazyState {
  readonly bindings: Bindings;
  readonly options: ChildOptions;
  child: PinoLogger | undefined;
}

type LazyLogger = PinoLogger & { [STATE]: LazyState };

/** Per parent logger, what makes its lazy children. */
const makers = new WeakMap<
  FastifyBaseLogger,
  (bindings: Bindings, options: ChildOptions) => FastifyBaseLogger
>();

/** The request's real child logger, made on first use: the one Fastify would have made. */
function real(parent: PinoLogger, lazy: LazyLogger): PinoLogger {
  const state = lazy[STATE];
  state.child ??= parent.child(state.bindings, state.options) as PinoLogger;
  return state.child;
}

function lazyMaker(
  parent: PinoLogger,
): (bindings: Bindings, options: ChildOptions) => FastifyBaseLogger {
  const writers: PropertyDescriptorMap = {};
  for (const name of WRITERS) {
    writers[name] = {
      value(this: LazyLogger, ...args: unknown[]) {
        const child = real(parent, this) as unknown as Record<
          string,
          (...args: unknown[]) => void
        >;
        return child[name]?.(...args);
      },
    };
  }
  // Inherits from the parent, as pino's own children do: whatever is read
  // before the child exists (level, prefix, settings) is the parent's, as a
  // child made without options would give.
  const prototype: object = Object.create(parent, {
    ...writers,
    level: {
      get(this: LazyLogger) {
        return (this[STATE].child ?? parent).level;
      },
      set(this: LazyLogger, level: string) {
        real(parent, this).level = level;
      },
    },
    levelVal: {
      get(this: LazyLogger) {
        return (this[STATE].child ?? parent).levelVal;
      },
    },
    isLevelEnabled: {
      value(this: LazyLogger, level: string) {
        return (this[STATE].child ?? parent).isLevelEnabled(level);
      },
    },
    child: {
      value(this: LazyLogger, bindings: Bindings, options?: ChildOptions) {
        return real(parent, this).child(bindings, options);
      },
    },
    bindings: {
      value(this: LazyLogger) {
        return real(parent, this).bindings();
      },
    },
    setBindings: {
      value(this: LazyLogger, bindings: Bindings) {
        real(parent, this).setBindings(bindings);
      },
    },
  });
  function RequestLogger(
    this: LazyLogger,
    bindings: Bindings,
    options: ChildOptions,
  ): void {
    this[STATE] = { bindings, options, child: undefined };
  }
  RequestLogger.prototype = prototype;
  const Made = RequestLogger as unknown as new (
    bindings: Bindings,
    options: ChildOptions,
  ) => FastifyBaseLogger;
  return (bindings, options) => new Made(bindings, options);
}

function hasOptions(options: ChildOptions): boolean {
  for (const key in options) {
    if (Object.hasOwn(options, key)) return true;
  }
  return false;
}

/**
 * Fastify's `childLoggerFactory` for the logger of each request
 * (`request.log`, `reply.log`), made lazily. Fastify asks for a child of the
 * server's pino logger bound to the request id on every request; with the
 * redaction paths (`*.password` and the like run over every binding) that
 * was about a fifth of the route layer's own time on GET /api/auth/me, for
 * a logger most requests never write to (a quick read logs nothing at info,
 * docs/decisions/0022). This gives an object that behaves as that child —
 * the same level, the same lines with the same `reqId`, its own `child()`
 * and `bindings()` — and makes the real child, with exactly the bindings
 * and options Fastify gave, the first time a line is written or the logger
 * is changed (docs/decisions/0066, addendum). A route with log options of
 * its own (a `logLevel`, serializers) gets the real child at once.
 */
export const lazyRequestLogger: FastifyChildLoggerFactory = (
  logger,
  bindings,
  options,
) => {
  if (hasOptions(options)) return logger.child(bindings, options);
  let make = makers.get(logger);
  if (!make) {
    make = lazyMaker(logger as PinoLogger);
    makers.set(logger, make);
  }
  return make(bindings, options);
};
