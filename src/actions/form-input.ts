import { z } from 'zod';

/**
 * One text field of a posted form: missing or empty reads as '' (the feature's own rules say what
 * is required, in the spec's words); anything longer than a form of this site can hold is refused.
 */
export const formText = (maxLength = 1000) =>
  z
    .string()
    .max(maxLength)
    .nullish()
    .transform((value) => value ?? '');
