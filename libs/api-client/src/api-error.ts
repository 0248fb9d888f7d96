/**
 * What went wrong with a call: the server answered with an error status, the
 * server could not be reached, the answer was not what the contract says, or
 * the answer arrived after the session that sent the call had changed (it is
 * discarded, never handed to the new session).
 */
export type ApiErrorKind =
  | 'http'
  | 'network'
  | 'invalid-response'
  | 'session-changed';

/** Fields of an {@link ApiError}. */
export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Path of the call, e.g. `/api/auth/me`. */
  path: string;
  /** HTTP status for `http` errors (and for `invalid-response` when known). */
  status?: number;
  /** The server's `error` text, when it sent one. */
  serverError?: string;
  /** The server's `message` text, when it sent one. */
  serverMessage?: string;
  /** Technical detail for logs: the validation summary or the network error. */
  detail?: string;
  cause?: unknown;
}

function humanMessage(init: ApiErrorInit): string {
  switch (init.kind) {
    case 'http':
      return (
        init.serverError ??
        init.serverMessage ??
        `The server answered ${init.path} with status ${init.status ?? 'unknown'}.`
      );
    case 'network':
      return 'Could not reach the server. Check your connection and try again.';
    case 'invalid-response':
      return `The server sent an unexpected response to ${init.path}${init.detail ? `: ${init.detail}` : '.'}`;
    case 'session-changed':
      return `The session changed while ${init.path} was loading, so its answer was discarded.`;
  }
}

/**
 * The one error type of the API client. `message` is a sentence fit for a
 * person; `kind`, `status` and the server texts are there for code.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly path: string;
  readonly status: number | undefined;
  readonly serverError: string | undefined;
  readonly serverMessage: string | undefined;
  readonly detail: string | undefined;

  constructor(init: ApiErrorInit) {
    super(humanMessage(init), { cause: init.cause });
    this.kind = init.kind;
    this.path = init.path;
    this.status = init.status;
    this.serverError = init.serverError;
    this.serverMessage = init.serverMessage;
    this.detail = init.detail;
  }
}

/** Whether `error` is an {@link ApiError}, optionally of one kind. */
export function isApiError(
  error: unknown,
  kind?: ApiErrorKind,
): error is ApiError {
  return (
    error instanceof ApiError && (kind === undefined || error.kind === kind)
  );
}
