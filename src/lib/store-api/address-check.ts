import { isFields } from '~/lib/api/read';
import type { Result } from './result';

export interface AddressError {
  code?: string | undefined;
  message: string;
  /** The form field a suggestion applies to. */
  field?: string | undefined;
  suggestion?: string | undefined;
}

export type AddressCheck = { valid: true } | { valid: false; errors: AddressError[] };

function addressErrorsOf(body: unknown): AddressError[] {
  const listed = isFields(body) && Array.isArray(body['errors']) ? body['errors'] : [];
  return listed.filter(isFields).map((entry) => ({
    code: typeof entry['code'] === 'string' ? entry['code'] : undefined,
    message: typeof entry['message'] === 'string' ? entry['message'] : '',
    field: typeof entry['field'] === 'string' ? entry['field'] : undefined,
    suggestion: typeof entry['suggestion'] === 'string' && entry['suggestion'] !== '' ? entry['suggestion'] : undefined,
  }));
}

/** Valid needs success not false and an empty errors list; an empty answer counts as valid too. */
export function toAddressCheck(body: unknown): AddressCheck {
  const errors = addressErrorsOf(body);
  const answered = body === null || body === '' || (isFields(body) && body['success'] !== false);
  return answered && errors.length === 0 ? { valid: true } : { valid: false, errors };
}

/** What a check came to; null when it was cancelled. A refusal lists the store's errors, none when it sent none. */
export function addressCheckOf(result: Result<AddressCheck>): AddressCheck | null {
  if (result.ok) return result.value;
  if (result.failure.kind === 'cancelled') return null;
  return { valid: false, errors: result.failure.kind === 'http' ? addressErrorsOf(result.failure.body) : [] };
}
