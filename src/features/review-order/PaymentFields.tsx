import type { Ref } from 'react';
import type { Translate } from '~/lib/i18n/translate';
import {
  EXPIRY_MONTHS,
  expiryYears,
  type PaymentErrors,
  type PaymentField,
  type PaymentForm,
  type PayType,
} from './review-order';

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
  return (
    <fieldset className="review__payment" disabled={disabled}>
      <legend>{t('review.payment.title')}</legend>
      <div role="radiogroup" aria-label={t('review.payment.method')} className="review__methods">
        <label className="review__option">
          <input
            type="radio"
            name="payType"
            value="cc"
            checked={form.payType === 'cc'}
            onChange={() => onPayType('cc')}
          />
          {t('review.payment.card')}
        </label>
        {walletEnabled && (
          <label className="review__option">
            <input
              type="radio"
              name="payType"
              value="pp"
              checked={form.payType === 'pp'}
              onChange={() => onPayType('pp')}
            />
            {t('review.payment.wallet')}
          </label>
        )}
        {offlineEnabled && (
          <label className="review__option">
            <input
              type="radio"
              name="payType"
              value="ol"
              checked={form.payType === 'ol'}
              onChange={() => onPayType('ol')}
            />
            {t('review.payment.offline')}
          </label>
        )}
      </div>
      {form.payType === 'cc' && (
        <div className="review__card">
          <label className={`field${errorOf('cardNumber') ? ' field--invalid' : ''}`}>
            <span>{t('review.payment.cardNumber')}</span>
            <input
              ref={cardNumberRef}
              name="cardnumber"
              inputMode="numeric"
              autoComplete="cc-number"
              value={form.cardNumber}
              onChange={(event) => onChange({ cardNumber: event.target.value })}
              onBlur={() => onTouch('cardNumber')}
              {...described('cardNumber')}
            />
            {errorLine('cardNumber')}
          </label>
          <label className={`field${errorOf('csv') ? ' field--invalid' : ''}`}>
            <span>{t('review.payment.csv')}</span>
            <input
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
        </div>
      )}
      {form.payType === 'pp' && <p>{t('review.payment.walletNote')}</p>}
      {form.payType === 'ol' && <p>{t('review.payment.offlineNote')}</p>}
    </fieldset>
  );
}
