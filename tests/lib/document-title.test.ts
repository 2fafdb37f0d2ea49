import { describe, expect, it } from 'vitest';
import { documentTitle } from '~/lib/document-title';

describe('documentTitle', () => {
  it("ends with the store's name when no suffix is configured", () => {
    expect(documentTitle('Shopping cart', 'Marine Parts Store', undefined)).toBe('Shopping cart · Marine Parts Store');
    expect(documentTitle('Carrito', 'Cycle Parts Store', undefined)).toBe('Carrito · Cycle Parts Store');
  });

  it('uses the configured suffix as it is, an empty one included', () => {
    expect(documentTitle('Sign in', 'Marine Parts Store', ' | Example Marine')).toBe('Sign in | Example Marine');
    expect(documentTitle('Sign in', 'Marine Parts Store', '')).toBe('Sign in');
  });
});
