/**
 * The groups of store-API calls that fail apart: each has a breaker of its own, so a burst of slow
 * logins does not refuse carts and an answered analytics call does not hide hanging basket reads.
 * A group is what one part of the store API serves (its tables and its code paths), as far as this
 * front end can tell from the paths of the spec.
 */
export const BREAKER_GROUPS = [
  'basket',
  'account',
  'checkout',
  'orders',
  'catalogue',
  'public',
  'analytics',
  'widgets',
  'other',
] as const;

export type BreakerGroup = (typeof BREAKER_GROUPS)[number];

/** First match wins: the bulk add is the catalogue's before the basket's own calls. */
const RULES: readonly (readonly [RegExp, BreakerGroup])[] = [
  [/^a\/basket\/bulk(?:\/|$)/, 'catalogue'],
  [/^a\/(?:basket|item)(?:\/|$)/, 'basket'],
  [/^(?:a\/user\/shipping|a\/shipping|a\/user\/checkout|a\/checkout|a\/paypal|paypal)(?:\/|$)/, 'checkout'],
  [/^v2\/address\/validate(?:\/|$)/, 'checkout'],
  [/^(?:v2\/auth|a\/user|v2\/customers|a\/guest)(?:\/|$)/, 'account'],
  [/^v2\/orders(?:\/|$)/, 'orders'],
  [/^(?:v2\/suggest|v2\/group|bulk-lookup|graphql|v2\/reports)(?:\/|$)/, 'catalogue'],
  [/^(?:a\/tracking|admin\/public)(?:\/|$)/, 'public'],
  [/^analytics(?:\/|$)/, 'analytics'],
  [/^chat(?:\/|$)/, 'widgets'],
];

/** The group of a call by its path below the store API's root ("a/basket/123"). */
export function breakerGroupOf(path: string): BreakerGroup {
  const bare = path.replace(/^\/+/, '').split('?')[0] ?? '';
  return RULES.find(([pattern]) => pattern.test(bare))?.[1] ?? 'other';
}

/** The path of a call's address below the store API's root, or null for an address outside it. */
export function pathBelowRoot(url: URL, root: URL): string | null {
  const base = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  if (url.origin !== root.origin || !url.pathname.startsWith(base)) return null;
  return url.pathname.slice(base.length);
}
