/** What one store-API call is: its method, path, the spec's flag, how the proxy treats it and how its answer is read. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the same-origin proxy treats a call beyond forwarding it: `guest` is guest authorization (a
 * guest record read for the basket turns the visitor into a guest); `basket` reads or edits a
 * basket's lines, which its number or key opens, not the token, so a session that ends on the way
 * does not lose the edit: it is sent again as the signed-out visitor; `plain` is forwarded as it is.
 */
export type ProxyKind = 'guest' | 'basket' | 'plain';

/** Reads an answer into the app's own type; undefined when the answer cannot be read. */
export type Decoder<T> = (body: unknown) => T | undefined;

export interface Endpoint<T = unknown> {
  readonly method: HttpMethod;
  /** Relative to the store API root; `{name}` is one path segment, a trailing slash is the API's spelling. */
  readonly path: string;
  /** The spec's call flag: names the call for request state and for cancelling an earlier one. */
  readonly flag: string;
  /** A step of buying (shipping, checkout, wallet): refused while purchases are blocked. */
  readonly purchase?: true;
  /** Places an order: the proxy records the order its answer names for this visitor (order-record.ts). */
  readonly placesOrder?: true;
  /** Sent with the bearer token (the proxy adds it from its cookie in the browser). */
  readonly auth?: true;
  /** Answered by this site itself (below /api/), not by the store API: the browser's call alone. */
  readonly site?: true;
  /** Forwarded by the same-origin proxy, and how; absent: the server alone makes the call. */
  readonly proxy?: ProxyKind;
  readonly decode: Decoder<T>;
}

/** For a call whose answer no caller reads (only whether it succeeded): every answer reads as null. */
export const answerNotRead: Decoder<null> = () => null;

/** A converter that answers null for an unreadable answer, as a decoder. */
export function readable<T>(convert: (body: unknown) => T | null): Decoder<T> {
  return (body) => convert(body) ?? undefined;
}

export function endpoint<T>(entry: Endpoint<T>): Endpoint<T> {
  return entry;
}

export type PathParams = Readonly<Record<string, string | number>>;

/** The path of a call: each `{name}` replaced by its encoded value. */
export function pathOf(entry: Pick<Endpoint, 'path'>, params: PathParams = {}): string {
  return entry.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${entry.path}`);
    return encodeURIComponent(String(value));
  });
}
