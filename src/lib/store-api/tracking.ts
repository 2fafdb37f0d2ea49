import { isFields } from '~/lib/api/read';

/**
 * A shipment as GET a/tracking/{trackingNumber} answers it (spec checkout §3, §4, §9): only the
 * fields the tracking page shows; a field of the wrong kind makes the whole answer unreadable.
 */

type Text = string | null | undefined;

export interface TrackingPlace {
  city?: Text;
  state?: Text;
  country?: Text;
}

export interface TrackingEvent {
  status?: Text;
  message?: Text;
  datetime?: Text;
  tracking_location?: TrackingPlace | null | undefined;
}

export interface Tracking {
  dataType?: Text;
  packageStatus?: { status?: Text; created?: Text; eta?: Text; carrier?: Text; signedby?: Text } | null | undefined;
  packageHistory?: TrackingEvent[] | null | undefined;
  dateCreated?: Text;
  thirdPartyTracking?: { trackingUrl?: Text; carrier?: Text } | null | undefined;
}

// The readers are built once, at load; marked free of side effects, a bundle that never reads a
// shipment drops them.
const WRONG = /* @__PURE__ */ Symbol('wrong');
type Reader<T> = (value: unknown) => T | typeof WRONG;

const text: Reader<string> = (value) => (typeof value === 'string' ? value : WRONG);

/* @__NO_SIDE_EFFECTS__ */
function nullish<T>(read: Reader<T>): Reader<T | null | undefined> {
  return (value) => (value === null || value === undefined ? value : read(value));
}

/* @__NO_SIDE_EFFECTS__ */
function listOf<T>(read: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return WRONG;
    const entries: T[] = [];
    for (const entry of value) {
      const item = read(entry);
      if (item === WRONG) return WRONG;
      entries.push(item);
    }
    return entries;
  };
}

/** An object of the named fields, each optional; fields it does not name are left out. */
/* @__NO_SIDE_EFFECTS__ */
function fieldsOf<T>(shape: Record<keyof T & string, Reader<unknown>>): Reader<T> {
  return (value) => {
    if (!isFields(value)) return WRONG;
    const read: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries<Reader<unknown>>(shape)) {
      if (value[key] === undefined) continue;
      const entry = reader(value[key]);
      if (entry === WRONG) return WRONG;
      read[key] = entry;
    }
    return read as T;
  };
}

const place = nullish(fieldsOf<TrackingPlace>({ city: nullish(text), state: nullish(text), country: nullish(text) }));

const historyEvent = fieldsOf<TrackingEvent>({
  status: nullish(text),
  message: nullish(text),
  datetime: nullish(text),
  tracking_location: place,
});

const tracking = fieldsOf<Tracking>({
  dataType: nullish(text),
  packageStatus: nullish(
    fieldsOf<NonNullable<Tracking['packageStatus']>>({
      status: nullish(text),
      created: nullish(text),
      eta: nullish(text),
      carrier: nullish(text),
      signedby: nullish(text),
    }),
  ),
  packageHistory: nullish(listOf(historyEvent)),
  dateCreated: nullish(text),
  thirdPartyTracking: nullish(
    fieldsOf<NonNullable<Tracking['thirdPartyTracking']>>({ trackingUrl: nullish(text), carrier: nullish(text) }),
  ),
});

/** The shipment; null when the answer is not one. */
export function toTracking(body: unknown): Tracking | null {
  const read = tracking(body);
  return read === WRONG ? null : read;
}
