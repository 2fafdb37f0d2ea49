import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT, englishKeys, keyPrefixes, renderMessageKeys } from '../../../scripts/message-keys.mjs';
import { dictionaries } from '~/lib/i18n/messages';

describe('generated message keys', () => {
  it('are current with the English locale files (run node scripts/message-keys.mjs)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(renderMessageKeys(englishKeys()));
  });

  it('are exactly the keys English has', () => {
    expect(englishKeys()).toEqual(Object.keys(dictionaries.en).sort());
  });

  it('offer every dotted prefix of a key, never a whole key', () => {
    expect(keyPrefixes(['review.shipping.level.standard', 'cart.title'])).toEqual([
      'cart',
      'review',
      'review.shipping',
      'review.shipping.level',
    ]);
  });
});
