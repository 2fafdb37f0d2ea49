import { describe, expect, it } from 'vitest';
import { isEmail } from '~/lib/email';

describe('isEmail', () => {
  it('accepts a name, an @ and a domain with a dot', () => {
    for (const value of ['customer@example.com', 'a.b+c@mail.example.co.uk', 'x@y.z'])
      expect(isEmail(value)).toBe(true);
  });

  it('refuses values without an @, a dot after it, or with spaces', () => {
    for (const value of [
      '',
      'customer',
      'customer@example',
      '@example.com',
      'customer@.com.',
      'a@b@c.d',
      'a b@c.d',
      ' a@b.c',
      'a@b.c ',
    ]) {
      expect(isEmail(value)).toBe(false);
    }
  });
});
