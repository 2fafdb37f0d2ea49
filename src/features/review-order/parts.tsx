import Price from '~/components/ui/Price';
import { intlLocale, type Locale } from '~/lib/i18n/locales';
import { deliveryRange, deliveryRangeText } from './delivery';
import type { Translate } from '~/lib/i18n/translate';
import PostalAddress from '~/components/ui/PostalAddress';
import { requestSupport } from '~/features/chat/public';
import { shippingFacts, showsDutiesNote, showsWeekendWarning, type ShippingCode } from './review-order';
import type { Address } from '~/lib/store-api/addresses';
import type { ShippingOption } from './review-order.api';
import { RetryControl } from './RetryControl';
import '~/styles/skeleton.css';
import '~/styles/radio-cards.css';
import '~/styles/with-summary.css';

export function AddressBlock({
  t,
  locale,
  title,
  address,
  editHref,
}: {
  t: Translate;
  locale: Locale;
  title: string;
  address: Address;
  editHref: string;
}) {
  return (
    <section className="review__address" aria-label={title}>
      <h2>{title}</h2>
      <PostalAddress address={address} locale={locale} />
      <a href={editHref} aria-label={`${t('review.edit')}: ${title}`}>
        {t('review.edit')}
      </a>
    </section>
  );
}

/**
 * The page's frame until addresses, shipping options and the basket are known: the title where it
 * stays and grey blocks where the summary bar, the addresses and the options come, so the page
 * appears in one step.
 */
export function ReviewSkeleton({ title, status }: { title: string; status: string }) {
  return (
    <div className="review with-summary" aria-busy="true">
      <h1 className="review__title">{title}</h1>
      {/* The phone's summary bar, at its height (review-order.css); none beside the steps from 960 px. */}
      <span className="skeleton review__summary-toggle review__skeleton--summary-bar" />
      <div className="stack review__main">
        <p role="status" className="visually-hidden">
          {status}
        </p>
        <span className="skeleton review__skeleton review__skeleton--addresses" />
        <span className="skeleton review__skeleton review__skeleton--shipping" />
      </div>
    </div>
  );
}

interface ShippingProps {
  t: Translate;
  locale: Locale;
  options: ShippingOption[];
  selected: ShippingCode | null;
  disabled: boolean;
  now: Date;
  /** The basket waits for non-stock items: they leave 3 to 5 business days later. */
  nonStock: boolean;
  onChoose: (code: ShippingCode) => void;
}

/** Each option as a radio card: name, estimated delivery dates, price; the chosen one tells more. */
export function ShippingOptions({ t, locale, options, selected, disabled, now, nonStock, onChoose }: ShippingProps) {
  const dates = new Intl.DateTimeFormat(intlLocale[locale], {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <fieldset className="radio-cards" disabled={disabled}>
      <legend>{t('review.shipping.title')}</legend>
      {options.map((option) => {
        const facts = shippingFacts(option.code);
        const range = deliveryRange(option.code, now, nonStock);
        return (
          <label key={option.code} className="radio-card">
            <input
              type="radio"
              name="shipping"
              value={option.code}
              checked={selected === option.code}
              onChange={() => onChoose(option.code)}
            />
            <span className="radio-card__title">{t(`review.shipping.level.${facts.level}`)}</span>
            <span className="radio-card__aside">
              {option.cost === 0 && <span className="review__free">{t('review.shipping.free')} </span>}
              <Price amount={option.cost} locale={locale} className={option.cost === 0 ? 'visually-hidden' : ''} />
            </span>
            <span className="radio-card__detail">
              {range
                ? t('review.shipping.arrives', { range: deliveryRangeText(dates, range) })
                : t(`review.shipping.eta.${facts.etaKey}`)}
            </span>
            {selected === option.code && (
              <span className="radio-card__body review__facts" aria-live="polite">
                <span className="review__fact-row">
                  <span>{t(facts.trackable ? 'review.shipping.trackable' : 'review.shipping.notTrackable')}</span>
                  <span>{t(facts.toDoor ? 'review.shipping.toDoor' : 'review.shipping.toOffice')}</span>
                  <span>{t(`review.shipping.eta.${facts.etaKey}`)}</span>
                </span>
                <span>{t(`review.shipping.description.${facts.etaKey}`)}</span>
                {showsWeekendWarning(option.code, now) && (
                  <span className="notice notice--warning">{t('review.shipping.weekendWarning')}</span>
                )}
                {showsDutiesNote(option.code) && <span className="notice">{t('review.shipping.dutiesNote')}</span>}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

export interface Contacts {
  phone: string;
  email: string;
  /** The storefront's contact form (absolute). */
  contactFormUrl: string;
  /** The chat widget; without one, "Live chat" opens the contact form. */
  chatScriptSrc: string | null;
}

/** "Live chat" opens the store's chat where the page can load it, else the contact form in a new tab. */
export function LiveChat({ t, contacts }: { t: Translate; contacts: Contacts }) {
  const { chatScriptSrc } = contacts;
  if (chatScriptSrc) {
    return (
      <button type="button" className="link-button" onClick={requestSupport}>
        {t('review.contact.chat')}
      </button>
    );
  }
  return (
    <a href={contacts.contactFormUrl} target="_blank" rel="noopener noreferrer">
      {t('review.contact.chat')}
    </a>
  );
}

export function ShippingError({
  t,
  contacts,
  onRetry,
  retryHref,
}: {
  t: Translate;
  contacts: Contacts;
  onRetry: () => void;
  /** Before the island wakes: Try again is a link to this page address. */
  retryHref: string | undefined;
}) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{t('review.shipping.error')}</p>
      <RetryControl pageHref={retryHref} onRetry={onRetry}>
        {t('review.retry')}
      </RetryControl>
      <ul className="review__contacts">
        <li>
          <LiveChat t={t} contacts={contacts} />
        </li>
        <li>
          <a
            href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}
          >{`${t('review.contact.phone')} ${contacts.phone}`}</a>
        </li>
        <li>
          <a href={`mailto:${contacts.email}`}>{`${t('review.contact.email')} ${contacts.email}`}</a>
        </li>
      </ul>
    </div>
  );
}
