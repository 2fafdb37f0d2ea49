import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deadline } from '../request-deadline';

/**
 * The request being answered, for code far from it (the store API client, analytics) that must
 * pass its id on, log it, or keep to its deadline without having them handed down through every
 * page controller, action and proxy call.
 */
export interface RequestContext {
  requestId: string;
  deadline?: Deadline;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs work a request set going that is not bound by its deadline, under the same request id: a
 * batch of page views a timer sends later, the lookups a stream goes on answering part by part.
 */
export function runWithoutDeadline<T>(work: () => T): T {
  const requestId = currentRequestId();
  return requestId === undefined ? storage.exit(work) : storage.run({ requestId }, work);
}

/** The deadline of the request being answered; none outside a request (start-up checks, page-view flushes). */
export function currentDeadline(): Deadline | undefined {
  return storage.getStore()?.deadline;
}
