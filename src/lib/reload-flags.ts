import { browser } from './browser';

/**
 * The spec's mustBeReloaded list: what review order must load again after the cart or the
 * customer form changed the basket or the customer's data, plus the summary's "tax and shipping
 * unknown" mark. Kept in session storage because review order is a new document.
 */
export const RELOAD_STORAGE_KEY = 'mustBeReloaded';

export type ReloadFlag = 'shipping' | 'basket' | 'address' | 'taxShippingUnavailable';

const storage = (): Storage | undefined => browser().sessionStorage();

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

function write(flags: readonly ReloadFlag[]): void {
  try {
    storage()?.setItem(RELOAD_STORAGE_KEY, JSON.stringify(flags));
  } catch {
    // Storage full or refused: review order loads everything on each visit anyway.
  }
}

export function markForReload(flags: readonly ReloadFlag[]): void {
  if (flags.length === 0) return;
  write([...new Set([...readReloadFlags(), ...flags])]);
}

export function clearReloadFlags(flags: readonly ReloadFlag[]): void {
  write(readReloadFlags().filter((flag) => !flags.includes(flag)));
}
