import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { setPipelineMessages } from '~/lib/api/client';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { loadWarehouseStatus, WarehouseBadge } from '~/features/warehouse/public';
import {
  bannedProductsInMix,
  canPlaceOrder,
  defaultExpiry,
  firstLoadSettled,
  initialPayType,
  isNonStock,
  placeOrderBlocker,
  placeOrderLabel,
  showsMercuryDelay,
  validatePayment,
  type PaymentField,
  type PaymentForm,
} from './review-order';
import {
  $review,
  choosePayType,
  chooseShipping,
  editCard,
  notStarted,
  placeOrder,
  retryAddresses,
  retryBasket,
  retryShipping,
  reviewStateFrom,
  startReview,
  type ReviewStart,
} from './review-order.store';
import { OrderSummary } from './OrderSummary';
import { formatMoney, totalOf } from '~/lib/money';
import { exceedsInventory } from '~/features/cart/public';
import Price from '~/components/ui/Price';
import { AddressBlock, ReviewSkeleton, ShippingError, ShippingOptions, type Contacts } from './parts';
import { PaymentFields } from './PaymentFields';
import { RetryControl } from './RetryControl';
import '~/styles/skeleton.css';
import '~/styles/with-summary.css';
import '~/styles/sticky-bar.css';
import { $cardCheck, loadCardCheck } from './card-check.store';
import './review-order.css';

interface Props {
  messages: Messages;
  locale: Locale;
  basketNum: string;
  guest: boolean;
  /** Wallet return token from the query: the shopper cancelled at the wallet; preselects it. */
  walletToken: boolean;
  preselectCard: boolean;
  walletEnabled: boolean;
  /** The store offers submitting without payment (`ol`). */
  offlineEnabled: boolean;
  engineNote: string;
  bannedManufacturers: readonly number[];
  /** The store warns when a line asks for more than the warehouse holds (marine). */
  showsInventoryWarning: boolean;
  mercuryId: number;
  contacts: Contacts;
  /** The store's picture for a part without one. */
  fallbackImage: string;
  /** Each manufacturer's brand badge (`brandBadges` in `src/stores.ts`). */
  brandBadges: Readonly<Record<number, string>>;
  /** What the server read for the first screen; the island loads the rest. */
  start: ReviewStart;
}

export default function ReviewOrderIsland(props: Props) {
  const { messages, locale, basketNum, guest, walletEnabled, contacts } = props;
  const t = useMemo(() => createTranslate(messages), [messages]);
  const stored = useStore($review);
  const now = useMemo(() => new Date(), []);
  const expiry = useMemo(() => defaultExpiry(now), [now]);
  const preselect = initialPayType({
    walletToken: props.walletToken,
    walletEnabled,
    offlineEnabled: props.offlineEnabled,
    preselectsCard: props.preselectCard,
  });
  const seeded = useMemo(() => reviewStateFrom(props.start, preselect), [props.start, preselect]);
  // Until the island starts, the server's drawing: the same state, so waking changes nothing.
  const review = notStarted(stored) ? seeded : stored;
  // Controls drawn by the server answer nothing until the island wakes: they stay disabled, so
  // nothing chosen is lost and no card number can leave in a plain form post.
  const [awake, setAwake] = useState(false);
  const [card, setCard] = useState({ cardNumber: '', csv: '', expMonth: expiry.month, expYear: expiry.year });
  const [notes, setNotes] = useState(props.engineNote);
  const [touched, setTouched] = useState<ReadonlySet<PaymentField>>(new Set());
  // On a phone the summary starts folded under its total, as a bar above the steps; open when a line needs the shopper.
  const [summaryChoice, setSummaryChoice] = useState<boolean | null>(null);
  const started = useRef(false);
  const cardNumber = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setPipelineMessages({ cantConnect: t('review.error.cantConnect') });
    void startReview({ basketNum, guest, locale }, preselect, props.start);
    void loadWarehouseStatus();
    setAwake(true);
  }, [basketNum, guest, locale, preselect, t, props.start]);

  // After a refused card the shopper's next step is another card: its number takes the focus.
  const failedOnCard = review.failed && !review.placing && review.payType === 'cc';
  useEffect(() => {
    if (failedOnCard) cardNumber.current?.focus();
  }, [failedOnCard]);

  // Choosing the card loads its check; until then the number is not judged.
  const cardCheck = useStore($cardCheck);
  useEffect(() => {
    if (review.payType === 'cc') void loadCardCheck();
  }, [review.payType]);
  const form: PaymentForm = { payType: review.payType, ...card };
  const errors = validatePayment(form, now, cardCheck.rules);
  const banned = review.basket ? bannedProductsInMix(review.basket.BASKET, props.bannedManufacturers) : [];
  // Shipping, tax and total are final only once shipping is priced and the basket read after it.
  const pricing = review.shippingState === 'loading' || review.basketState === 'loading';
  const working = review.placing || pricing;
  const busy = working || !awake;
  const placeState = {
    shippingLoaded: review.shippingState === 'success',
    basketLoaded: review.basketState === 'success',
    bannedInBasket: banned.length,
    payType: review.payType,
    callInProgress: working,
    errors,
    failedUntilMethodChanges: review.failed,
  };
  // Until the island wakes Place order stays disabled, but its note already says what the woken
  // page will ask for, so the line does not change (nor the page shift) as it wakes.
  const enabled = awake && canPlaceOrder(placeState);

  // A read the server could not make is drawn as its error: until the island wakes, Try again asks the page again.
  const retryHref = awake ? undefined : localizedPath('/review-order/', locale);
  if (review.addressState === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('review.error.address')}</p>
        <p>{t('common.errorWithServer')}</p>
        <RetryControl pageHref={retryHref} onRetry={() => void retryAddresses()}>
          {t('common.tryAgain')}
        </RetryControl>
      </div>
    );
  }
  const settled = firstLoadSettled({
    addressState: review.addressState,
    shippingState: review.shippingState,
    shippingOptionCount: review.shippingOptions.length,
    basketState: review.basketState,
    hasBasket: review.basket !== null,
  });
  if (!settled || !review.addresses) return <ReviewSkeleton title={t('review.title')} status={t('review.loading')} />;

  const message = review.message ? t(review.message.key) : null;
  const editPath = localizedPath('/customer-form/', locale);
  const lines = review.basket?.BASKET ?? [];
  const order = !pricing && !review.taxShippingUnavailable && review.basket?.ORDER;
  const total = order ? totalOf(order.subtotal, order.shipping, order.tax) : null;
  // The bar's amount: the total, or before shipping is priced again after an address change, the subtotal.
  const barTotal =
    total ?? (review.taxShippingUnavailable && !pricing ? (review.basket?.ORDER.subtotal ?? null) : null);
  const lineProblems =
    banned.length > 0 || (props.showsInventoryWarning && lines.some((line) => exceedsInventory(line, true)));
  const summaryOpen = summaryChoice ?? lineProblems;
  const label = placeOrderLabel({
    failed: review.failed,
    answerLost: review.answerLost,
    warned: review.cardWarnedAt !== null,
    withTotal: total !== null,
  });
  // A failed payment or a doubtful number is read where the card is typed, not below the other methods.
  const atCard = review.payType === 'cc' && (review.failed || review.cardWarnedAt !== null) && (
    <div role="alert" className="notice notice--error review__card-notice">
      {message} {review.declined && t('review.notCharged')}
    </div>
  );
  const blocker = review.placing
    ? null
    : placeOrderBlocker({
        ...placeState,
        sectionFailed: review.shippingState === 'error' || review.basketState === 'error',
      });
  return (
    <form
      className="review with-summary"
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(new Set<PaymentField>(['payType', 'cardNumber', 'csv', 'expMonth', 'expYear']));
        void placeOrder({ form, notes, now });
      }}
    >
      <h1 className="review__title">{t('review.title')}</h1>
      {/* First on a phone, under a bar with the total; beside the steps from 960 px (review-order.css). */}
      <aside className="with-summary__aside review__aside" aria-labelledby="basket-summary-heading">
        <button
          type="button"
          className="review__summary-toggle"
          aria-expanded={summaryOpen}
          aria-controls="review-summary"
          onClick={() => setSummaryChoice(!summaryOpen)}
        >
          <span className="review__summary-toggle-label">
            {summaryOpen ? t('review.summaryHide') : t('review.summaryShow')}
          </span>
          <span className="review__summary-toggle-total" data-testid="summary-bar-total">
            {barTotal !== null ? (
              <Price amount={barTotal} locale={locale} />
            ) : review.basketState === 'error' ? (
              // A failed load has no total to wait for: the summary below says why, with Try again.
              t('cart.unavailable')
            ) : (
              <span className="skeleton">$00.00</span>
            )}
          </span>
        </button>
        <div id="review-summary" className="review__summary-body" data-open={summaryOpen}>
          <OrderSummary
            t={t}
            locale={locale}
            basket={review.basket}
            failed={review.basketState === 'error'}
            pricing={pricing}
            unavailable={review.taxShippingUnavailable}
            total={total}
            fallbackImage={props.fallbackImage}
            brandBadges={props.brandBadges}
            bannedIds={banned.map((line) => line.product_id)}
            showsInventoryWarning={props.showsInventoryWarning}
            onRetry={() => void retryBasket()}
            retryHref={retryHref}
          />
        </div>
      </aside>
      <div className="stack review__main">
        {/* Back from the wallet without approving: the shopper's choices are all still here. */}
        {props.walletToken && (
          <p className="notice notice--info" role="status">
            <strong>{t('review.walletCancelled.title')}</strong> {t('review.walletCancelled.text')}
          </p>
        )}
        <div className="review__addresses">
          <AddressBlock
            t={t}
            locale={locale}
            title={t('review.shippingAddress')}
            address={review.addresses.shipping}
            editHref={`${editPath}?edit=true`}
          />
          <AddressBlock
            t={t}
            locale={locale}
            title={t('review.billingAddress')}
            address={review.addresses.billing}
            editHref={`${editPath}?edit=true&billing=true`}
          />
        </div>
        {banned.length > 0 && (
          <div className="notice notice--error" role="alert">
            <p>{t('review.bannedMix')}</p>
            {/* The way on, as the cart offers it: this basket's other parts are ordered on their own. */}
            <a href={`${localizedPath('/', locale)}?new-cart=true`}>{t('cart.startNewCart')}</a>
          </div>
        )}

        {review.shippingState === 'error' ? (
          <ShippingError t={t} contacts={contacts} onRetry={() => void retryShipping()} retryHref={retryHref} />
        ) : (
          <ShippingOptions
            t={t}
            locale={locale}
            options={review.shippingOptions}
            selected={review.selectedShipping}
            disabled={review.placing || !awake}
            now={now}
            nonStock={lines.some((line) => isNonStock(line.ship_class))}
            onChoose={(code) => void chooseShipping(code)}
          />
        )}
        {/* Announced, not shown: a line that came and went would move everything below it. */}
        <p role="status" className="visually-hidden">
          {review.shippingState === 'loading' ? t('review.shipping.loading') : ''}
        </p>

        {showsMercuryDelay(lines, props.mercuryId) && (
          <p className="notice notice--warning">{t('review.mercuryDelay')}</p>
        )}

        <label className="field">
          <span>{t('review.engineNote')}</span>
          <textarea
            name="order_notes"
            rows={2}
            maxLength={2000}
            disabled={!awake}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </label>

        <PaymentFields
          t={t}
          form={form}
          errors={errors}
          touched={touched}
          walletEnabled={walletEnabled}
          offlineEnabled={props.offlineEnabled}
          disabled={review.placing || !awake}
          cardNumberRef={cardNumber}
          cardNotice={atCard}
          now={now}
          onPayType={(payType) => choosePayType(payType)}
          onChange={(change) => {
            setCard({ ...card, ...change });
            editCard();
          }}
          onTouch={(field) => setTouched(new Set([...touched, field]))}
        />
        <div role="alert" className="review__message notice notice--error">
          {!atCard && message}
        </div>
        <div className="review__place sticky-bar">
          <button
            type="submit"
            className="button button--block button--large"
            disabled={!enabled}
            aria-describedby="review-blocker"
          >
            {review.placing ? t('review.placing') : t(label, { total: formatMoney(locale, total ?? 0) })}
          </button>
          <p id="review-blocker" className="review__blocker">
            {blocker && t(blocker)}
          </p>
        </div>
        <p className="secure-line review__secure">{t('review.secure')}</p>
        <p className="review__help">
          {t('review.questions')}{' '}
          <a href={contacts.contactFormUrl} target="_blank" rel="noopener noreferrer">
            {t('review.contactUs')}
          </a>
        </p>
        {/* Last on the page: a report that arrives late or not at all moves nothing. */}
        <WarehouseBadge t={t} />
      </div>
    </form>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
ReviewOrderIsland.messageDomains = ['review', 'warehouse', 'cart', 'common'] satisfies MessagePrefix[];
