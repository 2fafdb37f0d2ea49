import { atom } from 'nanostores';
import type { CardRules } from './card-brand';

/** The card check's libraries, loaded when a shopper chooses to pay by card. */
export type CardCheck = { state: 'idle' | 'loading' | 'failed'; rules: null } | { state: 'ready'; rules: CardRules };

export const $cardCheck = atom<CardCheck>({ state: 'idle', rules: null });

let loading: Promise<CardRules | null> | null = null;

/** Loads the card check once; a failed load can be asked for again. Null when it could not load. */
export function loadCardCheck(): Promise<CardRules | null> {
  const current = $cardCheck.get();
  if (current.state === 'ready') return Promise.resolve(current.rules);
  if (!loading) {
    $cardCheck.set({ state: 'loading', rules: null });
    loading = import('./card-brand')
      .then((rules): CardRules => {
        $cardCheck.set({ state: 'ready', rules });
        return rules;
      })
      .catch(() => {
        $cardCheck.set({ state: 'failed', rules: null });
        return null;
      })
      .finally(() => {
        loading = null;
      });
  }
  return loading;
}
