import { describe, expect, it } from 'vitest';
import { addToBasket } from '~/features/cart/add-to-basket';
import { basketCookieString } from '~/lib/session/basket-cookie';
import { COOKIES } from '~/lib/session/cookie-names';
import { siteCookieOptions } from '~/lib/session/cookie-options';
import { failed, success } from '~/lib/store-api/result';

function store(...statuses: number[]) {
  const sent: (string | undefined)[] = [];
  const send = (basketNum: string | undefined) => {
    sent.push(basketNum);
    const status = statuses.shift() ?? 200;
    return Promise.resolve(status === 200 ? success('B2') : failed({ kind: 'http', status, message: '', body: null }));
  };
  return { sent, send };
}

describe('one add to a basket', () => {
  it('an add the store takes is sent once', async () => {
    const { sent, send } = store(200);
    expect(await addToBasket('B1', send)).toEqual({ answer: success('B2'), renewed: false });
    expect(sent).toEqual(['B1']);
  });

  it('a basket that became an order (409): the add starts a new basket, once', async () => {
    const { sent, send } = store(409, 409);
    expect(await addToBasket('B1', send)).toEqual({
      answer: failed({ kind: 'http', status: 409, message: '', body: null }),
      renewed: true,
    });
    expect(sent).toEqual(['B1', undefined]);
  });

  it('without a basket number, or for a refused product, nothing is sent again', async () => {
    const noNumber = store(409);
    expect((await addToBasket(undefined, noNumber.send)).renewed).toBe(false);
    expect(noNumber.sent).toEqual([undefined]);
    const refused = store(400);
    expect((await addToBasket('B1', refused.send)).renewed).toBe(false);
    expect(refused.sent).toEqual(['B1']);
  });

  it("a link's unknown or unreadable number also starts a new basket when the caller says so", async () => {
    const { sent, send } = store(404, 200);
    expect(await addToBasket('B1', send, [400, 404, 409])).toEqual({
      answer: success('B2'),
      renewed: true,
    });
    expect(sent).toEqual(['B1', undefined]);
  });
});

describe('the basket cookie', () => {
  it('is written by page JavaScript as the server writes it: __Host- and Secure over https only', () => {
    expect(basketCookieString('B7', true)).toBe(
      `__Host-BASKETN=B7; Path=/; Max-Age=${siteCookieOptions(COOKIES.basket, true).maxAge}; SameSite=Strict; Secure`,
    );
    expect(basketCookieString('B7', false)).toBe(
      `BASKETN=B7; Path=/; Max-Age=${siteCookieOptions(COOKIES.basket, false).maxAge}; SameSite=Strict`,
    );
    expect(basketCookieString('', true)).toBe('__Host-BASKETN=; Path=/; Max-Age=0; SameSite=Strict; Secure');
  });
});
