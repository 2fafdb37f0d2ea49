import { isFields, type Fields } from '~/lib/api/read';

/**
 * The guest record of a basket (GET a/guest/{basketNum}), in the customer-add shape: its
 * readers (the customer form, review order) take the fields they show.
 */
export type GuestRecord = Fields;

/** A record is an object; anything else cannot authorize a guest. */
export function toGuestRecord(body: unknown): GuestRecord | null {
  return isFields(body) ? body : null;
}
