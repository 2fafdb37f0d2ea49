import { useStore } from '@nanostores/react';
import type { ReactNode, Ref } from 'react';
import type { Translate } from '~/lib/i18n/translate';
import { $cardCheck, loadCardCheck } from './card-check.store';
import {
  cardNumberView,
  EXPIRY_MONTHS,
  expiryYears,
  type PaymentErrors,
  type PaymentField,
  type PaymentForm,
  type PayType,
} from './review-order';
import '~/styles/radio-cards.css';

interface Props {
  t: Translate;
  form: PaymentForm;
  errors: PaymentErrors;
  touched: ReadonlySet<PaymentField>;
  walletEnabled: boolean;
  /** Submit without payment (`ol`): only where the store enables it. */
  offlineEnabled: boolean;
  disabled: boolean;
  cardNumberRef?: Ref<HTMLInputElement>;
  /** A decline or the card-number warning, shown under the number in place of its error line. */
  cardNotice: ReactNode;
  now: Date;
  onPayType: (payType: PayType) => void;
  onChange: (change: Partial<PaymentForm>) => void;
  onTouch: (field: PaymentField) => void;
}

/** Card inputs stay in component memory only and use the browser's cc-* autofill. */
export function PaymentFields({
  t,
  form,
  errors,
  touched,
  walletEnabled,
  offlineEnabled,
  disabled,
  cardNumberRef,
  cardNotice,
  now,
  onPayType,
  onChange,
  onTouch,
}: Props) {
  const errorOf = (field: PaymentField) => (touched.has(field) && errors[field] ? t(errors[field]) : null);
  const described = (field: PaymentField) =>
    errorOf(field) ? { 'aria-invalid': true, 'aria-describedby': `review-${field}-error` } : {};
  const errorLine = (field: PaymentField) => {
    const text = errorOf(field);
    return text ? (
      <span id={`review-${field}-error`} className="field__error">
        {text}
      </span>
    ) : null;
  };
  const cardCheck = useStore($cardCheck);
  const brand = cardNumberView(form.cardNumber, cardCheck.rules).brand;
  const method = (payType: PayType, title: string, aside: ReactNode, body: ReactNode) => (
    <div className="radio-card review__method">
      <label>
        <input
          type="radio"
          name="payType"
          value={payType}
          checked={form.payType === payType}
          onChange={() => onPayType(payType)}
        />
        <span className="radio-card__title">{title}</span>
        {aside}
      </label>
      {form.payType === payType && <div className="radio-card__body">{body}</div>}
    </div>
  );
  const icon = (name: string) => <img src={`/icons/${name}.svg`} alt="" width="36" height="22" key={name} />;
  return (
    <fieldset className="radio-cards" disabled={disabled}>
      <legend>{t('review.payment.title')}</legend>
      <div role="radiogroup" aria-label={t('review.payment.method')} className="radio-cards">
        {method(
          'cc',
          t('review.payment.card'),
          <span className="review__brands" aria-hidden="true">
            {['visa', 'mastercard', 'amex', 'discover'].map((name) => icon(name))}
          </span>,
          <div className="review__card">
            <label className="field review__number">
              <span>{t('review.payment.cardNumber')}</span>
              <input
                ref={cardNumberRef}
                type="text"
                name="cardnumber"
                inputMode="numeric"
                autoComplete="cc-number"
                value={form.cardNumber}
                onChange={(event) => onChange({ cardNumber: cardNumberView(event.target.value, cardCheck.rules).text })}
                onBlur={() => onTouch('cardNumber')}
                {...described('cardNumber')}
              />
              {brand && icon(brand)}
              {!cardNotice && errorLine('cardNumber')}
            </label>
            {cardCheck.state === 'loading' && (
              <p className="field__hint" role="status">
                {t('review.payment.cardCheckLoading')}
              </p>
            )}
            {cardCheck.state === 'failed' && (
              <p className="field__error" role="alert">
                {t('review.payment.cardCheckFailed')}{' '}
                <button type="button" className="link-button" onClick={() => void loadCardCheck()}>
                  {t('common.tryAgain')}
                </button>
              </p>
            )}
            {cardNotice}
            <label className="field">
              <span>{t('review.payment.expMonth')}</span>
              <select
                name="ccmonth"
                autoComplete="cc-exp-month"
                value={form.expMonth}
                onChange={(event) => onChange({ expMonth: event.target.value })}
              >
                {EXPIRY_MONTHS.map((month) => (
                  <option key={month} value={month}>
                    {month}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('review.payment.expYear')}</span>
              <select
                name="ccyear"
                autoComplete="cc-exp-year"
                value={form.expYear}
                onChange={(event) => onChange({ expYear: event.target.value })}
              >
                {expiryYears(now).map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('review.payment.csv')}</span>
              <input
                type="text"
                name="cvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={5}
                value={form.csv}
                onChange={(event) => onChange({ csv: event.target.value })}
                onBlur={() => onTouch('csv')}
                {...described('csv')}
              />
              {errorLine('csv')}
            </label>
          </div>,
        )}
        {walletEnabled &&
          method('pp', t('review.payment.wallet'), icon('paypal'), <p>{t('review.payment.walletNote')}</p>)}
        {offlineEnabled && method('ol', t('review.payment.offline'), null, <p>{t('review.payment.offlineNote')}</p>)}
      </div>
    </fieldset>
  );
}
