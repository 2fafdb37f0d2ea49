import { computed, map } from 'nanostores';

export type RequestState = 'inProcess' | 'success' | 'error' | 'cancelled';

/** State of the newest call per flag: inProcess, then success, error or cancelled. */
export const $requests = map<Record<string, RequestState>>({});

/** True while any call is on its way; the header disables its controls meanwhile. */
export const $anyRequestInProcess = computed($requests, (requests) =>
  Object.values(requests).some((state) => state === 'inProcess'),
);

export function setRequestState(flag: string, state: RequestState): void {
  $requests.setKey(flag, state);
}

export function resetRequests(): void {
  $requests.set({});
}
