/**
 * The soak's HTTP client (`bench-soak.mjs`): every request goes through
 * {@link SoakClient.call}, which checks its answer (status, the contract's
 * response schema, a check of the kind's own), counts it by kind, tells the
 * server's 5xx from a proxy's (an HTML 502/503/504 while an instance is
 * down), retries what may be retried, and notes each successful write for
 * the audit trail check at the end.
 */
import * as v from 'valibot';

/** Parses JSON, or `undefined`. */
export function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What the soak counted: answers and wrong answers per kind of request,
 * 5xx of the server, 5xx of the proxy, connection errors, timeouts,
 * retries, writes whose outcome is unknown, and the successful writes by
 * audit entity and action.
 */
export class Tally {
  constructor() {
    /** kind → { answers, wrong, example } */
    this.kinds = new Map();
    this.serverErrors = 0;
    this.serverErrorExample = undefined;
    /** Answers of the proxy itself (no instance could answer), with their times. */
    this.proxyErrors = [];
    this.connectionErrors = [];
    /** Requests that could not be retried and got no answer of the API (two instances only), with their times. */
    this.lost = [];
    this.timeouts = 0;
    this.retries = 0;
    /** Writes whose answer was lost and that could not be retried: `entity/action` → count. */
    this.unknownWrites = new Map();
    /** Successful writes: `entity/action` → count. */
    this.writes = new Map();
    /** Creates sent with an Idempotency-Key: key → { entity, action, id, answers }. */
    this.keyed = new Map();
  }

  /** Counts one checked answer of `kind`; `problem` is `undefined` when it was right. */
  answer(kind, problem, status, text) {
    const entry = this.kinds.get(kind) ?? { answers: 0, wrong: 0 };
    entry.answers += 1;
    if (problem !== undefined) {
      entry.wrong += 1;
      entry.example ??= `${status} ${problem}: ${String(text ?? '').slice(0, 160)}`;
    }
    this.kinds.set(kind, entry);
  }

  /** Counts a successful write for the audit trail check. */
  wrote(entity, action, count = 1) {
    const name = `${entity}/${action}`;
    this.writes.set(name, (this.writes.get(name) ?? 0) + count);
  }

  /** Counts a write whose answer was lost and that was not retried. */
  unknown(entity, action) {
    const name = `${entity}/${action}`;
    this.unknownWrites.set(name, (this.unknownWrites.get(name) ?? 0) + 1);
  }

  /** All answers checked, and all wrong ones. */
  totals() {
    let answers = 0;
    let wrong = 0;
    for (const entry of this.kinds.values()) {
      answers += entry.answers;
      wrong += entry.wrong;
    }
    return { answers, wrong };
  }
}

/** Whether an answer is a proxy's own error page (no instance answered), not the API's. */
function fromProxy(status, headers) {
  return (
    (status === 502 || status === 503 || status === 504) &&
    !String(headers.get('content-type') ?? '').includes('json')
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client of one base URL, each request given `timeoutMs` (30 s) to be
 * answered. `retry`: whether lost answers are retried
 * (two instances, one killed): a GET or a create with an Idempotency-Key
 * is sent again (up to 8 times over about 10 s); any other write is
 * counted as of unknown outcome instead.
 */
export class SoakClient {
  constructor({
    base,
    tally,
    retry = false,
    clock = Date.now,
    timeoutMs = 30_000,
  }) {
    this.base = base;
    /** How long one request may take before it counts as a timeout. */
    this.timeoutMs = timeoutMs;
    this.tally = tally;
    this.retry = retry;
    this.clock = clock;
    /** Requests sent and not yet answered: { kind, path, since }. */
    this.inFlight = new Set();
  }

  /**
   * What follows an answer that was lost (no answer, or the proxy's own):
   * `retry` after a pause (up to 8 times), `lost` (two instances, a
   * request that may not be sent again: counted as lost with the killed
   * instance, a write as of unknown outcome), or `count` (a wrong answer).
   */
  async afterLoss(kind, options, retryable, attempt) {
    if (retryable && attempt < 8) {
      this.tally.retries += 1;
      // A GET that writes an event (an export, a download) may have written
      // it before its answer was lost; a keyed create is replayed, not redone.
      if (options.audit && !options.key) this.tally.unknown(...options.audit);
      await sleep(250 * (attempt + 1));
      return 'retry';
    }
    if (this.retry && !retryable) {
      this.tally.lost.push({ at: this.clock(), kind });
      if (options.audit) this.tally.unknown(...options.audit);
      return 'lost';
    }
    return 'count';
  }

  /**
   * Sends one request and checks its answer. Options: `method` (GET),
   * `path`, `token`, `tenant`, `from` (X-Forwarded-For), `headers`, `json`
   * (a body sent as JSON) or `body()` (made anew for each attempt),
   * `key` (Idempotency-Key), `status` (expected: a number, a list or a
   * function), `schema` (the contract's response schema of a 2xx answer),
   * `check(answer)` (true, or what is wrong), `audit` ([entity, action]
   * of a write: counted when it succeeds), `raw` (keep the body as text,
   * don't parse). Resolves to `{ status, text, body, headers }`, or
   * `undefined` when no answer came.
   */
  async call(kind, options) {
    const method = options.method ?? 'GET';
    const retryable = this.retry && (method === 'GET' || options.key);
    for (let attempt = 0; ; attempt += 1) {
      const headers = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.tenant) headers['x-tenant-code'] = options.tenant;
      if (options.from) headers['x-forwarded-for'] = options.from;
      if (options.key) headers['idempotency-key'] = options.key;
      let body;
      if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      } else if (options.body) {
        body = options.body();
      }
      let response;
      let text;
      // A timer of our own, not AbortSignal.timeout(): that one's timer
      // does not keep its signal alive, and a request once hung the soak.
      const abort = new AbortController();
      const timer = setTimeout(
        () => abort.abort(new DOMException('timeout', 'TimeoutError')),
        this.timeoutMs,
      );
      const sent = { kind, path: options.path, since: this.clock() };
      this.inFlight.add(sent);
      try {
        response = await fetch(`${this.base}${options.path}`, {
          method,
          headers,
          body,
          signal: abort.signal,
        });
        text = await response.text();
      } catch (error) {
        const timedOut = error?.name === 'TimeoutError';
        if (timedOut) this.tally.timeouts += 1;
        else
          this.tally.connectionErrors.push({
            at: this.clock(),
            kind,
            error: String(error?.cause?.code ?? error?.message ?? error),
          });
        const next = await this.afterLoss(kind, options, retryable, attempt);
        if (next === 'retry') continue;
        if (next === 'lost') return undefined;
        // The server may have made the write after the client gave up.
        if (options.audit && method !== 'GET')
          this.tally.unknown(...options.audit);
        this.tally.answer(kind, timedOut ? 'timeout' : 'no answer', 0, error);
        return undefined;
      } finally {
        clearTimeout(timer);
        this.inFlight.delete(sent);
      }
      const { status } = response;
      if (fromProxy(status, response.headers)) {
        this.tally.proxyErrors.push({ at: this.clock(), kind, status });
        const next = await this.afterLoss(kind, options, retryable, attempt);
        if (next === 'retry') continue;
        if (next === 'lost') return undefined;
      } else if (status >= 500) {
        this.tally.serverErrors += 1;
        this.tally.serverErrorExample ??= `${method} ${options.path}: ${status} ${text.slice(0, 200)}`;
      }
      const answer = {
        status,
        text,
        body: options.raw ? undefined : parse(text),
        headers: response.headers,
      };
      const problem = judge(options, answer);
      this.tally.answer(kind, problem, status, text);
      if (problem === undefined && options.audit && status < 300) {
        this.tally.wrote(...options.audit);
      }
      return answer;
    }
  }
}

/** What is wrong with `answer` under `options`' expectations, or `undefined`. */
function judge(options, answer) {
  const expected = options.status ?? 200;
  const statusOk =
    typeof expected === 'function'
      ? expected(answer.status)
      : Array.isArray(expected)
        ? expected.includes(answer.status)
        : answer.status === expected;
  if (!statusOk) return `status not ${expected}`;
  if (options.schema && answer.status < 300) {
    const checked = v.safeParse(options.schema, answer.body);
    if (!checked.success) {
      return `answer outside the contract (${v.summarize(checked.issues).replace(/\s+/g, ' ').slice(0, 200)})`;
    }
  }
  if (options.check) {
    const verdict = options.check(answer);
    if (verdict !== true)
      return typeof verdict === 'string' ? verdict : 'check failed';
  }
  return undefined;
}
