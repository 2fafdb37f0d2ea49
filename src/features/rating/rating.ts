import type { MessageKey } from '~/lib/i18n/translate';
import { isOneOf } from '~/lib/is-one-of';

/** Spec checkout §2 (Rate merchant), §3 (Rating), §5 (Rating rules), §8 (rating errors). */
import type { MessageRef } from '~/lib/i18n/message-ref';

export const STAR_VALUES = [1, 2, 3, 4, 5] as const;
/**
 * No star is chosen until the shopper chooses, or the link's `rating` says (the spec defaults to 5:
 * five filled stars before a choice put words in the shopper's mouth).
 */
export const NO_RATING = 0;
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Professional'] as const;
export const REPAIR_TIMES = [
  'Less than 30 mins',
  '30 to 60 mins',
  '1 to 2 hours',
  '2 to 4 hours',
  'More than 4 hours',
] as const;
/** The message of each repair time: the API's values are English sentences, the page shows them translated. */
export const REPAIR_TIME_KEYS = {
  'Less than 30 mins': 'rating.repairTime.lt30',
  '30 to 60 mins': 'rating.repairTime.m30to60',
  '1 to 2 hours': 'rating.repairTime.h1to2',
  '2 to 4 hours': 'rating.repairTime.h2to4',
  'More than 4 hours': 'rating.repairTime.gt4',
} as const satisfies Record<(typeof REPAIR_TIMES)[number], MessageKey>;

export interface RatingPayload {
  store_rating: number;
  shopping_experience: string;
  engine_make: string;
  repair_difficulty: string;
  repair_time: string;
  repair_symptoms: string;
  repair_story: string;
}

export type RatingField = keyof RatingPayload;
export type RatingErrors = Partial<Record<RatingField, 'required' | 'range' | 'option'>>;

/** The star preselected: the `rating` query when it is 1 to 5, else none (NO_RATING). */
export function initialRating(query: string | null | undefined): number {
  const value = Number(query);
  return Number.isInteger(value) && value >= 1 && value <= 5 && query?.trim() !== '' ? value : NO_RATING;
}

const text = (value: FormDataEntryValue | null | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** Reads the posted form, trimming every text value, into the payload and its rule violations. */
export function readRatingForm(form: { get: (name: string) => FormDataEntryValue | null }): {
  payload: RatingPayload;
  errors: RatingErrors;
} {
  const rawRating = text(form.get('store_rating'));
  const payload: RatingPayload = {
    store_rating: Number(rawRating),
    shopping_experience: text(form.get('shopping_experience')),
    engine_make: text(form.get('engine_make')),
    repair_difficulty: text(form.get('repair_difficulty')),
    repair_time: text(form.get('repair_time')),
    repair_symptoms: text(form.get('repair_symptoms')),
    repair_story: text(form.get('repair_story')),
  };
  return { payload, errors: validateRating(payload, rawRating) };
}

export function validateRating(payload: RatingPayload, rawRating = String(payload.store_rating)): RatingErrors {
  const errors: RatingErrors = {};
  if (rawRating === '') errors.store_rating = 'required';
  else if (!Number.isInteger(payload.store_rating) || payload.store_rating < 1 || payload.store_rating > 5)
    errors.store_rating = 'range';
  if (!payload.shopping_experience) errors.shopping_experience = 'required';
  if (payload.repair_difficulty && !isOneOf(DIFFICULTIES, payload.repair_difficulty))
    errors.repair_difficulty = 'option';
  if (payload.repair_time && !isOneOf(REPAIR_TIMES, payload.repair_time)) errors.repair_time = 'option';
  return errors;
}

/** A POST is handled only when it comes from a page of this site. */
export function isSameOriginPost(headers: Headers, siteOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin) return origin === siteOrigin;
  const referer = headers.get('referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === siteOrigin;
  } catch {
    return false;
  }
}

/** What a failed rating submit says: the response's own data when it is text, else nothing. */
export function submitFailureText(message: string | undefined, data: unknown): string | undefined {
  if (message) return message;
  if (typeof data === 'string' && data.trim()) return data.trim();
  return undefined;
}

/** The API's answer for an order that has been rated already. */
export const REVIEWED_ALREADY_STATUS = 409;

/** The API's answer for a link whose order it does not know (a forged or mistyped link). */
export const ORDER_NOT_FOUND_STATUS = 404;

/**
 * Why a rating link offers no form: an order rated already, or one the store does not know, says
 * so in the page's language (the API's own text is English); any other failure shows the API's
 * message, else the reviewed-already text.
 */
export function closedRatingText(
  check: { status: number; message: string | null },
  texts: { reviewedAlready: string; orderNotFound: string },
): string {
  if (check.status === REVIEWED_ALREADY_STATUS) return texts.reviewedAlready;
  if (check.status === ORDER_NOT_FOUND_STATUS) return texts.orderNotFound;
  return check.message || texts.reviewedAlready;
}

/** What the rating form's action answers; `status` is the page's answer status. */
export type RatingResult =
  | { kind: 'thanks' }
  | { kind: 'closed'; message: MessageRef; status?: number }
  | { kind: 'form'; values: RatingPayload; errors: RatingErrors; submitError?: MessageRef; status: number };

/** A submit the store refused: rated already closes the form; anything else keeps it with the store's text. */
export function ratingSubmitFailure(
  status: number,
  values: RatingPayload,
  message: string | undefined,
  data: unknown,
): RatingResult {
  if (status === REVIEWED_ALREADY_STATUS) return { kind: 'closed', message: { key: 'rating.reviewedAlready' }, status };
  const text = submitFailureText(message, data);
  return {
    kind: 'form',
    values,
    errors: {},
    submitError: text ? { text } : { key: 'rating.errorOccurred' },
    status: status >= 400 && status < 500 ? status : 502,
  };
}

/** The rating page's title: a link that names no order answers 404 and is titled as a page not found. */
export function ratingTitleKey(status: number): MessageKey {
  return status === 404 ? 'notFound.title' : 'rating.title';
}
