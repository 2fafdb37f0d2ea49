/**
 * The one e-mail rule of every form (spec checkout §8 "incorrect email address", shopping "valid
 * e-mail format"): something, an @, something, a dot, something, no spaces. Callers pass the
 * value as their form trims it.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}
