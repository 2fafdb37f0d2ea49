import type { Role, Viewer } from './claims';

export type Permission = 'public' | 'authorized' | readonly Role[];

/** Route permissions of both spec documents; everything else is public. */
const ROUTE_PERMISSIONS: ReadonlyArray<readonly [prefix: string, permission: Permission, deniedTo: string]> = [
  ['/account-settings/', ['customer', 'acai'], '/login/'],
  ['/order-history/', ['customer', 'acai'], '/login/'],
  ['/review-order/', ['customer', 'acai', 'guest'], '/signin/'],
  ['/payment-success/', ['customer', 'acai', 'guest'], '/signin/'],
];

export interface RoutePermission {
  permission: Permission;
  deniedTo: string;
}

export function permissionFor(route: string): RoutePermission {
  const match = ROUTE_PERMISSIONS.find(([prefix]) => route === prefix || route.startsWith(prefix));
  return match ? { permission: match[1], deniedTo: match[2] } : { permission: 'public', deniedTo: '/signin/' };
}

export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: string };

/**
 * Public routes always pass; 'authorized' needs a signed-in customer; a role list needs the
 * visitor's role in it, guests counting as role 'guest'.
 */
export function decideAccess(route: RoutePermission, viewer: Viewer, role: Role | undefined): AccessDecision {
  const { permission } = route;
  if (permission === 'public') return { allowed: true };
  const effectiveRole: Role | undefined = viewer === 'guest' ? 'guest' : viewer === 'customer' ? role : undefined;
  const allowed =
    permission === 'authorized'
      ? viewer === 'customer'
      : effectiveRole !== undefined && permission.includes(effectiveRole);
  return allowed ? { allowed: true } : { allowed: false, redirectTo: route.deniedTo };
}
