import { localizedPath, type Locale } from '~/lib/i18n/locales';
import type { Role } from '~/lib/session/claims';
import { isSignedIn, sessionRole, type Session } from '~/lib/session/session';

export type Permission = 'public' | 'authorized' | readonly Role[];

/** Route permissions of both spec documents; everything else is public. */
const ROUTE_PERMISSIONS: ReadonlyArray<
  readonly [prefix: string, permission: Permission, deniedTo: string, withoutBasket?: string]
> = [
  ['/account-settings/', ['customer', 'acai'], '/login/'],
  ['/order-history/', ['customer', 'acai'], '/login/'],
  // Checkout spec §4, review-order flow step 1: the basket is asked for before the visitor.
  ['/review-order/', ['customer', 'acai', 'guest'], '/signin/', '/'],
  ['/payment-success/', ['customer', 'acai', 'guest'], '/signin/'],
];

export interface RoutePermission {
  permission: Permission;
  deniedTo: string;
  /** Where a visitor without a basket goes, whoever they are; unset where a basket is not needed. */
  withoutBasket?: string;
}

export function permissionFor(route: string): RoutePermission {
  const match = ROUTE_PERMISSIONS.find(([prefix]) => route === prefix || route.startsWith(prefix));
  if (!match) return { permission: 'public', deniedTo: '/signin/' };
  const [, permission, deniedTo, withoutBasket] = match;
  return withoutBasket ? { permission, deniedTo, withoutBasket } : { permission, deniedTo };
}

/**
 * `guestAuthError`: refused because the stored guest record is no record (shopping spec section 4).
 * `noBasket`: refused for want of a basket, so there is nothing to come back to.
 */
export type AccessDecision =
  { allowed: true } | { allowed: false; redirectTo: string; guestAuthError?: true; noBasket?: true };

/** The query the sign-in page reads to say "Guest authorization error". */
export const GUEST_AUTH_QUERY = 'guestAuth';
export const GUEST_AUTH_ERROR = 'error';

/** Where a signed-in subscriber goes for a customer's page: the form that makes them a customer. */
export const SUBSCRIBER_UPGRADE_PATH = '/customer-form/';

/**
 * Public routes always pass; a route that needs a basket sends a visitor without one on first;
 * 'authorized' needs a signed-in account; a role list needs the visitor's role in it, guests
 * counting as role 'guest'. A signed-in subscriber refused a customer's page is sent to the
 * customer form (a login would only send them back there).
 */
export function decideAccess(route: RoutePermission, session: Session, hasBasket = true): AccessDecision {
  const { permission } = route;
  if (permission === 'public') return { allowed: true };
  if (route.withoutBasket && !hasBasket) return { allowed: false, redirectTo: route.withoutBasket, noBasket: true };
  const role = sessionRole(session);
  const allowed = permission === 'authorized' ? isSignedIn(session) : role !== undefined && permission.includes(role);
  if (allowed) return { allowed: true };
  const upgrades = session.kind === 'subscriber' && permission !== 'authorized' && permission.includes('customer');
  if (
    session.kind === 'anonymous' &&
    session.guestAuthFailed &&
    permission !== 'authorized' &&
    permission.includes('guest')
  )
    return { allowed: false, redirectTo: route.deniedTo, guestAuthError: true };
  return { allowed: false, redirectTo: upgrades ? SUBSCRIBER_UPGRADE_PATH : route.deniedTo };
}

/**
 * Where a page sends a visitor whose session has just ended (its refresh was refused): a public
 * page again, saying so; any other to the login page, saying so and coming back here after it.
 * `here` is the page's own address, already a safe return target.
 */
export function sessionEndedTarget(permission: Permission, here: string, locale: Locale): string {
  const target = new URL(permission === 'public' ? here : localizedPath('/login/', locale), 'http://site.invalid');
  target.searchParams.set('logOut', 'true');
  if (permission !== 'public') target.searchParams.set('redirect', here);
  return `${target.pathname}${target.search}`;
}
