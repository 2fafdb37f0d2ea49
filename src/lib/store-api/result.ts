/**
 * What a store-API call came to, for the server and the islands alike. A failure is one of:
 * - cancelled: a newer call under the same flag replaced it (nothing to show);
 * - offline: no answer at all (the connection failed, or the wait for a login timed out);
 * - http: the store API answered with an error status, or with an answer that could not be read.
 */
export type Failure =
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'offline'; readonly message: string }
  /** `message` is the API's own text for the failure, empty when it gave none. */
  | { readonly kind: 'http'; readonly status: number; readonly message: string; readonly body: unknown };

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: Failure };

export function success<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function failed<T = never>(failure: Failure): Result<T> {
  return { ok: false, failure };
}

/** The answer's status; 0 when there was no answer (cancelled or offline). */
export function failureStatus(failure: Failure): number {
  return failure.kind === 'http' ? failure.status : 0;
}

export function isCancelledFailure(result: Result<unknown>): boolean {
  return !result.ok && result.failure.kind === 'cancelled';
}

/** The text that came with a failure (the API's, or the pipeline's for no answer); empty when none. */
export function failureMessage(failure: Failure): string {
  return failure.kind === 'cancelled' ? '' : failure.message;
}

export function mapResult<T, U>(result: Result<T>, convert: (value: T) => U): Result<U> {
  return result.ok ? success(convert(result.value)) : result;
}

/** The store API said yes, but in an answer its decoder could not read. */
export function isUnreadableAnswer(failure: Failure): boolean {
  return failure.kind === 'http' && failure.status >= 200 && failure.status < 300;
}
