import { describe, expect, it } from 'vitest';
import { SHIP_CLASSES, shipClassOf } from '~/lib/ship-class';

describe('shipClassOf', () => {
  it('keeps every known ship class', () => {
    for (const shipClass of SHIP_CLASSES) expect(shipClassOf(shipClass)).toBe(shipClass);
  });

  it('reads anything else as unknown', () => {
    for (const value of ['', 'NOW', 'soon', null, undefined, 3]) expect(shipClassOf(value)).toBe('unknown');
  });
});
