import { useMemo, useRef, useState } from 'react';
import Price from '~/components/ui/Price';
import StockStatus from '~/components/ui/StockStatus';
import { notify } from '~/components/ui/notifications.store';
import { isCancelled, resultErrorText } from '~/lib/api/client';
import { COOKIES } from '~/features/session/cookies';
import BasketSummary from '~/features/cart/BasketSummary';
import { shipClassOf } from '~/features/cart/cart';
import type { Locale } from '~/lib/i18n/locales';
import { createTranslate, type Messages } from '~/lib/i18n/translate';
import { fallbackImage, type Manufacturer, type StoreId } from '~/stores';
import { bulkAddRefusal, LOOKUP_CONCURRENCY, mapWithConcurrency, parseBulkText } from './bulk-add';
import { bulkAdd, lookupPart, type FoundProduct } from './bulk-add.api';
import './bulk-add.css';

export const SECOND_BUTTON_SET_ABOVE = 5;

export interface BulkAddIslandProps {
  locale: Locale;
  messages: Messages;
  storeId: StoreId;
  manufacturers: readonly Manufacturer[];
  defaultManufacturer: number;
  examplePartNumbers: readonly string[];
  basketNum: string | undefined;
}

interface ResultCard {
  sku: string;
  quantity: string;
  product: FoundProduct | undefined;
  state: 'found' | 'notFound' | 'added' | 'error';
  message?: string;
}

export default function BulkAddIsland(props: BulkAddIslandProps) {
  const t = useMemo(() => createTranslate(props.messages), [props.messages]);
  const [text, setText] = useState('');
  const [mfg, setMfg] = useState(props.defaultManufacturer);
  const [cards, setCards] = useState<ResultCard[]>([]);
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number; found: number } | null>(null);
  const [adding, setAdding] = useState(false);
  const [basketNum, setBasketNum] = useState(props.basketNum);
  const [summaryKey, setSummaryKey] = useState(0);
  const search = useRef<AbortController | null>(null);

  const stopSearch = () => {
    search.current?.abort();
    search.current = null;
  };

  const find = async () => {
    stopSearch();
    const controller = new AbortController();
    search.current = controller;
    const parsed = parseBulkText(text);
    setUnreadable(parsed.unreadable);
    const initial: ResultCard[] = parsed.parts.map((part) => ({ sku: part.sku, quantity: String(part.quantity), product: undefined, state: 'notFound' }));
    setCards(initial);
    let found = 0;
    let done = 0;
    setProgress({ done: 0, total: initial.length, found: 0 });
    let failures = 0;
    await mapWithConcurrency(
      parsed.parts,
      LOOKUP_CONCURRENCY,
      async (part) => {
        const result = await lookupPart(mfg, part.sku, props.storeId);
        if (!result.ok && !isCancelled(result)) failures += 1;
        return result.ok ? result.body.products?.[0] : undefined;
      },
      {
        signal: controller.signal,
        onSettled: (index, product) => {
          done += 1;
          if (product) found += 1;
          setProgress({ done, total: initial.length, found });
          if (product) setCards((current) => current.map((card, i) => (i === index ? { ...card, product, state: 'found' } : card)));
        },
      },
    );
    if (failures > 0 && !controller.signal.aborted) notify({ text: t('common.somethingWentWrong'), type: 'error' });
  };

  const clearProducts = () => {
    stopSearch();
    setCards([]);
    setProgress(null);
    setUnreadable([]);
  };
  const clearAll = () => {
    clearProducts();
    setText('');
  };

  const addable = (card: ResultCard) => card.product !== undefined && card.state !== 'added' && bulkAddRefusal(card.product) === null && Number(card.quantity) >= 1;

  const add = async (selected: ResultCard[]) => {
    const items = selected.filter(addable).map((card) => ({ product_id: card.product?.product_id ?? 0, quantity: Number(card.quantity) }));
    if (items.length === 0) return;
    setAdding(true);
    let current = basketNum;
    const outcomes = new Map<number, { ok: boolean; message?: string }>();
    // The API takes up to 200 lines a call; a long paste goes in a few calls.
    for (let start = 0; start < items.length; start += 200) {
      const result = await bulkAdd(current, props.storeId, items.slice(start, start + 200));
      if (!result.ok) {
        const message = resultErrorText(result, t('common.somethingWentWrong'));
        for (const item of items.slice(start, start + 200)) outcomes.set(item.product_id, { ok: false, message });
        continue;
      }
      current = result.body.BASKETNUM;
      for (const line of result.body.results) outcomes.set(line.product_id, line.message === undefined ? { ok: line.SUCCESS } : { ok: line.SUCCESS, message: line.message });
    }
    if (current && current !== basketNum) {
      setBasketNum(current);
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${COOKIES.basket}=${encodeURIComponent(current)}; Path=/; Max-Age=${365 * 86400}; SameSite=Strict${secure}`;
    }
    setCards((all) =>
      all.map((card) => {
        const outcome = card.product ? outcomes.get(card.product.product_id) : undefined;
        if (!outcome) return card;
        return outcome.ok ? { ...card, state: 'added' } : { ...card, state: 'error', message: outcome.message ?? t('common.somethingWentWrong') };
      }),
    );
    setSummaryKey((key) => key + 1);
    setAdding(false);
  };

  const anyAddable = cards.some(addable);
  const buttons = (position: 'top' | 'bottom') => (
    <div className="bulk__buttons" data-position={position}>
      <button type="button" className="button" disabled={!anyAddable || adding} onClick={() => void add(cards)}>
        {t('bulk.addAll')}
      </button>
      {position === 'bottom' && (
        <button type="button" className="button button--secondary" onClick={clearProducts}>
          {t('bulk.clearProducts')}
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={clearAll}>
        {t('bulk.clearAll')}
      </button>
    </div>
  );

  return (
    <div className="bulk">
      <div className="bulk__main">
        <p>{t('bulk.instruction')}</p>
        <p>
          {t('bulk.example')} <code className="path">{props.examplePartNumbers.join(' / ')}</code>
        </p>
        <div className="field">
          <label htmlFor="bulk-mfg">{t('bulk.manufacturer')}</label>
          <select id="bulk-mfg" value={mfg} onChange={(event) => setMfg(Number(event.currentTarget.value))}>
            {props.manufacturers.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bulk-text">{t('bulk.partNumbers')}</label>
          <textarea id="bulk-text" rows={8} value={text} onChange={(event) => setText(event.currentTarget.value)} />
        </div>
        <div className="bulk__buttons">
          <button type="button" className="button" disabled={text.trim() === ''} onClick={() => void find()}>
            {t('bulk.find')}
          </button>
          {buttons('top')}
        </div>
        {progress && (
          <p role="status" aria-live="polite">
            {t('bulk.progress', { found: progress.found, total: progress.total, done: progress.done })}
          </p>
        )}
        {unreadable.length > 0 && (
          <div className="notice notice--warning" role="alert">
            <p>{t('bulk.unreadable')}</p>
            <ul>
              {unreadable.map((line, index) => (
                <li key={index}>
                  <code>{line}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
        <ul className="bulk__results" aria-label={t('bulk.results')}>
          {cards.map((card, index) => {
            const refusal = card.product ? bulkAddRefusal(card.product) : null;
            return (
              <li key={card.sku} className={`card bulk-card bulk-card--${card.state}`}>
                <img src={card.product?.sm_image || fallbackImage(card.product?.mfg_account_id ?? mfg, props.storeId)} alt="" width="72" height="72" loading="lazy" />
                <div>
                  <h3>{card.product?.name ?? t('bulk.notFound')}</h3>
                  <span className="badge">{card.sku}</span>
                  {card.product && <StockStatus status={card.product.ship_class} label={t(`cart.stock.${shipClassOf(card.product.ship_class)}`)} />}
                  {refusal && <p className="field__error">{t(`bulk.refusal.${refusal}`)}</p>}
                  {card.state === 'error' && <p className="field__error" role="alert">{card.message}</p>}
                  {card.state === 'added' && <p className="notice--success">{t('bulk.added')}</p>}
                </div>
                {card.product && (
                  <div className="bulk-card__actions">
                    <label htmlFor={`bulk-qty-${index}`}>{t('cart.quantity')}</label>
                    <input
                      id={`bulk-qty-${index}`}
                      type="number"
                      min={0}
                      value={card.quantity}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setCards((all) => all.map((c, i) => (i === index ? { ...c, quantity: value } : c)));
                      }}
                    />
                    <button type="button" className="button" disabled={!addable(card) || adding} onClick={() => void add([card])} aria-label={t('bulk.addNamed', { sku: card.sku })}>
                      {t('cart.add')} <Price amount={card.product.base_price} locale={props.locale} />
                    </button>
                  </div>
                )}
                <button type="button" className="link-button" onClick={() => setCards((all) => all.filter((_, i) => i !== index))} aria-label={t('bulk.dismiss', { sku: card.sku })}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
        {cards.length > SECOND_BUTTON_SET_ABOVE && buttons('bottom')}
      </div>
      <aside className="bulk__summary">
        <BasketSummary locale={props.locale} messages={props.messages} basketNum={basketNum} reloadKey={summaryKey} showCheckout />
      </aside>
    </div>
  );
}
