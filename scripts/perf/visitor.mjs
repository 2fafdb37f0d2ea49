// A shopper without JavaScript: plain HTTP requests to one origin with a cookie jar, as the
// scale and load scripts need to walk a basket through the site before measuring it.

/**
 * @param {string} origin
 * @returns {{ origin: string, cookies: Map<string, string>, upstreams: string[], visit: (path: string, init?: RequestInit & { headers?: Record<string, string> }) => Promise<{ status: number, body: string, headers: Headers }> }}
 */
export function createVisitor(origin) {
  const cookies = new Map();
  /** The instance behind nginx that answered each request (`x-upstream`), or `nginx`. */
  const upstreams = [];
  const visit = async (path, init = {}) => {
    const response = await fetch(`${origin}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin, ...init.headers },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      // A cookie the answer deletes (expired) is dropped, as a browser drops it.
      if (/;\s*expires=[^;]*1970/i.test(line) || /;\s*max-age=0\b/i.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
    upstreams.push(response.headers.get('x-upstream') ?? 'nginx');
    return { status: response.status, body: await response.text(), headers: response.headers };
  };
  return { origin, cookies, upstreams, visit };
}

/**
 * A basket with one product, created through the site's proxy as the cart island creates it.
 * @param {ReturnType<typeof createVisitor>} visitor
 * @returns {Promise<string | null>} its number, or null when the store API refused
 */
export async function createBasket(visitor, productId = 1374449, qty = 2) {
  const added = await visitor.visit('/api/a/basket/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ product_id: productId, qty, store_id: 'marine' }),
  });
  if (added.status !== 200) return null;
  const basket = String(JSON.parse(added.body).BASKETNUM ?? '');
  if (!basket) return null;
  // As the cart island writes it: `__Host-` over https, like every site cookie there.
  visitor.cookies.set(visitor.origin.startsWith('https:') ? '__Host-BASKETN' : 'BASKETN', basket);
  return basket;
}
