/**
 * What the next page must reload after the form changed the customer's data (the cart store's
 * mustBeReloaded list, same session-storage key as the cart store, plus the summary's "tax and shipping unknown" mark). Kept in session
 * storage because the review page is a new document.
 */
export const RELOAD_STORAGE_KEY = 'mustBeReloaded';

export type ReloadFlag = 'shipping' | 'basket' | 'address' | 'taxShippingUnavailable';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readReloadFlags(): ReloadFlag[] {
  const raw = storage()?.getItem(RELOAD_STORAGE_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is ReloadFlag => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

export function markForReload(flags: readonly ReloadFlag[]): void {
  const merged = [...new Set([...readReloadFlags(), ...flags])];
  storage()?.setItem(RELOAD_STORAGE_KEY, JSON.stringify(merged));
}

export function clearReloadFlags(flags: readonly ReloadFlag[]): void {
  const left = readReloadFlags().filter((flag) => !flags.includes(flag));
  storage()?.setItem(RELOAD_STORAGE_KEY, JSON.stringify(left));
}
