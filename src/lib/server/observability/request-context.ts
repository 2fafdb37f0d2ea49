import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id of the request being answered, for code far from the request (the store API
 * client, analytics) that must pass it on or log it without having it handed down.
 */
const storage = new AsyncLocalStorage<string>();

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore();
}
