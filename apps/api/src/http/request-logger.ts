import type { FastifyBaseLogger } from 'fastify';

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

/** Where a logger made lazy keeps pino's own `child`, inherited by its descendants. */
const PINO_CHILD = Symbol('pino child');

type ChildMaker = (
  this: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildOptions,
) => FastifyBaseLogger;

/** Pino's own child of `parent`: a real logger with the bindings and options. */
function pinoChild(
  parent: PinoLogger,
  bindings: Bindings,
  options: ChildOptions,
): PinoLogger {
  const make = (parent as unknown as { [PINO_CHILD]: ChildMaker })[PINO_CHILD];
  return make.call(parent, bindings, options) as PinoLogger;
}

/** The request's real child logger, made on first use: the one Fastify would have made. */
function real(parent: PinoLogger, lazy: LazyLogger): PinoLogger {
  const state = lazy[STATE];
  state.child ??= pinoChild(parent, state.bindings, state.options);
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

function hasOptions(
  options: ChildOptions | undefined,
): options is ChildOptions {
  for (const key in options) {
    if (Object.hasOwn(options, key)) return true;
  }
  return false;
}

/** The `child` of a logger made lazy: a lazy child, or pino's own when given options. */
function lazyChild(
  this: PinoLogger,
  bindings: Bindings,
  options?: ChildOptions,
): FastifyBaseLogger {
  if (hasOptions(options)) return pinoChild(this, bindings, options);
  let make = makers.get(this);
  if (!make) {
    make = lazyMaker(this);
    makers.set(this, make);
  }
  return make(bindings, options ?? {});
}

/**
 * Makes the children of the server's pino logger (`app.log`) lazy, for the
 * logger of each request (`request.log`, `reply.log`). Fastify asks for a
 * child of the server's logger bound to the request id on every request;
 * with the redaction paths (`*.password` and the like run over every
 * binding) that was about a fifth of the route layer's own time on GET
 * /api/auth/me, for a logger most requests never write to (a quick read
 * logs nothing at info, docs/decisions/0022). A child is now an object that
 * behaves as pino's — the same level, the same lines with the same `reqId`,
 * its own `child()` and `bindings()` — and makes pino's child, with exactly
 * the bindings and options it was given, the first time a line is written
 * or the logger is changed (docs/decisions/0066, addendum). A child asked
 * for with options (a route's `logLevel`, serializers) is pino's at once.
 *
 * Installed as the logger's own `child`, which pino's children inherit (they
 * are made with the parent as prototype), so every descendant's children
 * are lazy too; pino's own `child` is kept beside it for the real ones.
 * Fastify's default child-logger factory calls `child()`, and checks
 * nothing of what it gets, where it would check every request's logger
 * from a factory of ours (`childLoggerFactory`) method by method.
 */
export function makeChildLoggersLazy(logger: FastifyBaseLogger): void {
  Object.defineProperties(logger, {
    [PINO_CHILD]: { value: logger.child },
    child: { value: lazyChild, writable: true, configurable: true },
  });
}
