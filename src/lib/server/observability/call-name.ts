import { matchCall } from '~/lib/server/proxy/allowlist';

/**
 * The name of a store API call in logs and metrics: its pattern in the store-API table ("GET a/basket/{basketNum}"),
 * never the path itself, which carries basket numbers, tracking numbers and rating tokens. A
 * path the table does not know keeps its first segment only.
 */
export function upstreamCallName(method: string, path: string): string {
  const bare = path.replace(/^\/+/, '').split('?')[0] ?? '';
  const upper = method.toUpperCase();
  const route = matchCall(upper, bare);
  if (route) return `${upper} ${route.pattern}`;
  const first = bare.split('/')[0] ?? '';
  return `${upper} ${/^[a-z0-9_-]{1,24}$/.test(first) ? first : '?'}/…`;
}
