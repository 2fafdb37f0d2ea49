import type { APIContext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { encodeClaims } from '~/lib/session/claims';
import { session } from '~/middleware/session';

const CUSTOMER = { role: 'customer' as const, userid: 7, firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com' };

/** A request with these cookies through the session middleware; answers what it wrote and deleted. */
async function visit(origin: string, cookies: Record<string, string>) {
  const url = new URL(`${origin}/`);
  const incoming = new Map(Object.entries(cookies));
  const written = new Map<string, { value: string; options: { secure?: boolean } }>();
  const deleted = new Set<string>();
  const jar = {
    get: (name: string) => (incoming.has(name) ? { value: incoming.get(name)! } : undefined),
    has: (name: string) => incoming.has(name),
    set: (name: string, value: string, options: { secure?: boolean } = {}) => {
      written.set(name, { value, options });
      incoming.set(name, value);
    },
    delete: (name: string) => {
      deleted.add(name);
      incoming.delete(name);
    },
  };
  const context = { url, request: new Request(url), cookies: jar, locals: {} } as unknown as APIContext;
  await session(
    context,
    vi.fn(() => Promise.resolve(new Response('page'))),
  );
  return { locals: context.locals, written, deleted };
}

describe('the session middleware settles cookies a visitor did not get from this host', () => {
  it('over https renames a bare basket and language to their __Host- names and drops the bare ones', async () => {
    const { locals, written, deleted } = await visit('https://parts.test', { BASKETN: 'B42', LANG: 'fr' });
    expect(locals.basketNum).toBe('B42');
    expect(written.get('__Host-BASKETN')).toMatchObject({ value: 'B42', options: { secure: true } });
    expect(written.get('__Host-LANG')).toMatchObject({ value: 'fr', options: { secure: true } });
    expect([...deleted]).toEqual(expect.arrayContaining(['BASKETN', 'LANG']));
  });

  it("over https keeps the visitor's own __Host- basket over a planted bare one", async () => {
    const { locals, written, deleted } = await visit('https://parts.test', {
      '__Host-BASKETN': 'MINE',
      BASKETN: 'PLANTED',
    });
    expect(locals.basketNum).toBe('MINE');
    expect(written.has('__Host-BASKETN')).toBe(false);
    expect(deleted.has('BASKETN')).toBe(true);
  });

  it('over https never reads a bare session, guest record or token: they are deleted unread', async () => {
    const planted = {
      ps_access: 'planted-access',
      ps_refresh: 'planted-refresh',
      ps_session: encodeClaims(CUSTOMER),
      ps_guest: '{"email":"thief@example.com"}',
      ps_basket_key: 'planted-key',
    };
    const { locals, written, deleted } = await visit('https://parts.test', planted);
    expect(locals.session?.kind).toBe('anonymous');
    expect([...deleted].sort()).toEqual(Object.keys(planted).sort());
    expect([...written.keys()]).toEqual([]);
  });

  it("over http (a developer's machine) the bare names are the site's own and are read", async () => {
    const { locals, written, deleted } = await visit('http://localhost:4321', {
      BASKETN: 'B7',
      ps_session: encodeClaims(CUSTOMER),
      ps_access: 'access',
    });
    expect(locals.basketNum).toBe('B7');
    expect(locals.session?.kind).toBe('customer');
    expect([...written.keys()]).toEqual([]);
    expect([...deleted]).toEqual([]);
  });

  it("renames an older release's basketNum and deletes its token cookies on any scheme", async () => {
    const { locals, written, deleted } = await visit('http://localhost:4321', {
      basketNum: 'OLD1',
      token: 't',
      refresh_token: 'r',
    });
    expect(locals.basketNum).toBe('OLD1');
    expect(written.get('BASKETN')).toMatchObject({ value: 'OLD1' });
    expect([...deleted].sort()).toEqual(['basketNum', 'refresh_token', 'token']);
  });
});
