import { useEffect, useMemo, useState } from 'react';
import Price from '~/components/ui/Price';
import { isCancelled } from '~/lib/api/client';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { createTranslate, type Messages } from '~/lib/i18n/translate';
import { fetchBasket } from './cart.api';
import type { Basket } from './cart.types';
import CartTotals from './CartTotals';
import './cart.css';

/**
 * The basket summary used beside checkout steps.
 * - `messages`: pickMessages(locale, ['cart', 'common']).
 * - `basket`: the server-rendered basket; when absent the summary loads `basketNum` itself.
 * - `reloadKey`: change it to load the basket again (after shipping changes, for instance).
 * - `showCheckout`: adds the Checkout button; the edit link then goes to / instead of /?edit=true.
 */
export interface BasketSummaryProps {
  locale: Locale;
  messages: Messages;
  basketNum: string | undefined;
  basket?: Basket | null;
  reloadKey?: number;
  showCheckout?: boolean;
  onLoaded?: (basket: Basket) => void;
}

type SummaryState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ok'; basket: Basket };

export default function BasketSummary({ locale, messages, basketNum, basket, reloadKey = 0, showCheckout = false, onLoaded }: BasketSummaryProps) {
  const t = useMemo(() => createTranslate(messages), [messages]);
  const [state, setState] = useState<SummaryState>(basket ? { kind: 'ok', basket } : { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!basketNum || (basket && reloadKey === 0 && attempt === 0)) return;
    let active = true;
    setState((current) => (current.kind === 'ok' ? current : { kind: 'loading' }));
    void fetchBasket(basketNum).then((result) => {
      if (!active || isCancelled(result)) return;
      if (result.ok && Array.isArray(result.body.BASKET)) {
        setState({ kind: 'ok', basket: result.body });
        onLoaded?.(result.body);
      } else setState({ kind: 'error' });
    });
    return () => {
      active = false;
    };
  }, [basketNum, basket, reloadKey, attempt, onLoaded]);

  const editHref = showCheckout ? localizedPath('/', locale) : `${localizedPath('/', locale)}?edit=true`;
  return (
    <section className="card basket-summary" aria-labelledby="basket-summary-heading" aria-busy={state.kind === 'loading'}>
      <h2 id="basket-summary-heading">{t('cart.summary')}</h2>
      <a href={editHref}>{t('cart.edit')}</a>
      {state.kind === 'loading' && <p role="status">{t('common.loading')}</p>}
      {state.kind === 'error' && (
        <div role="alert">
          <p>{t('cart.cantGetBasket')}</p>
          <p>{t('common.errorWithServer')}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {state.kind === 'ok' && state.basket.BASKET.length === 0 && <p>{t('cart.empty')}</p>}
      {state.kind === 'ok' && state.basket.BASKET.length > 0 && (
        <>
          <ul className="basket-summary__rows">
            {state.basket.BASKET.map((item) => (
              <li key={item.product_id}>
                <span>
                  {item.quantity} × {item.name} <span className="badge">{item.sku}</span>
                </span>
                <Price amount={item.extprice} locale={locale} />
              </li>
            ))}
          </ul>
          <CartTotals items={state.basket.BASKET} order={state.basket.ORDER} locale={locale} t={t} />
          {showCheckout && (
            <a className="button" href={localizedPath('/review-order/', locale)}>
              {t('cart.checkout')}
            </a>
          )}
        </>
      )}
    </section>
  );
}
