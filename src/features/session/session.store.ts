import { onLoggedOut } from '~/lib/api/client';
import { sendNotice } from '~/lib/api/notify';
import type { Translate } from '~/lib/i18n/translate';
import { getGuest } from '~/lib/store-api/calls';
import { failureStatus, type Failure } from '~/lib/store-api/result';
import type { GuestRecord } from '~/lib/store-api/guest';

const clearedListeners = new Set<() => void>();

/** Other stores (cart) flush their state here when the session ends. */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** The session ended (a forced logout, a guest record gone): the stores drop what they hold for it. */
export function clearSession(): void {
  for (const listener of clearedListeners) listener();
}

onLoggedOut(clearSession);

export type GuestAuthorization =
  | { state: 'authorized'; record: GuestRecord }
  /** The basket has no guest record (a guest buying again has a new basket). */
  | { state: 'missing' }
  | { state: 'unavailable'; failure: Failure };

/**
 * Guest authorization on: a guest record must exist for the basket, else the cart state is
 * flushed and, given the page's texts, "Guest authorization error" is shown (shopping §4). A call
 * that could not be answered changes nothing, so the page can offer a retry.
 */
export async function authorizeGuest(basketNum: string, t?: Translate): Promise<GuestAuthorization> {
  const result = await getGuest(basketNum);
  if (result.ok) return { state: 'authorized', record: result.value };
  if (failureStatus(result.failure) !== 404) return { state: 'unavailable', failure: result.failure };
  clearSession();
  if (t) sendNotice({ text: t('session.guestAuthError'), type: 'error' });
  return { state: 'missing' };
}
