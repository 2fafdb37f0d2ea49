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
 * Runs work that belongs to no one request, though a request set it going (a batch of page views
 * sent by a timer): without that request's id and deadline, long past by then.
 */
export function runOutsideRequest<T>(work: () => T): T {
  return storage.exit(work);
}

/** The deadline of the request being answered; none outside a request (start-up checks, page-view flushes). */
export function currentDeadline(): Deadline | undefined {
  return storage.getStore()?.deadline;
}
