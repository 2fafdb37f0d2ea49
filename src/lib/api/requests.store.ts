import { computed, map } from 'nanostores';

export type RequestState = 'inProcess' | 'success' | 'error' | 'cancelled';

export interface RequestEntry {
  readonly state: RequestState;
  /** The newest request sent under this flag. */
  readonly requestId: string;
  readonly status?: number;
  readonly error?: string;
}

/** State of the newest call per flag: inProcess, then success, error or cancelled. */
export const $requests = map<Record<string, RequestEntry>>({});

/** True while any call is on its way; the header disables its controls meanwhile. */
export const $anyRequestInProcess = computed($requests, (requests) =>
  Object.values(requests).some((entry) => entry.state === 'inProcess'),
);

export function setRequestState(flag: string, entry: RequestEntry): void {
  $requests.setKey(flag, entry);
}

export function resetRequests(): void {
  $requests.set({});
}
