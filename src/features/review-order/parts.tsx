import Price from '~/components/ui/Price';
import type { Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import PostalAddress from '~/components/ui/PostalAddress';
import { openSupport } from '~/features/chat/chat.store';
import { shippingFacts, showsDutiesNote, showsWeekendWarning, type ShippingCode } from './review-order';
import type { Address, ShippingOption } from './review-order.api';

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

interface ShippingProps {
  t: Translate;
  locale: Locale;
  options: ShippingOption[];
  selected: ShippingCode | null;
  disabled: boolean;
  now: Date;
  onChoose: (code: ShippingCode) => void;
}

export function ShippingOptions({ t, locale, options, selected, disabled, now, onChoose }: ShippingProps) {
  const facts = selected ? shippingFacts(selected) : null;
  return (
    <fieldset className="review__shipping" disabled={disabled}>
      <legend>{t('review.shipping.title')}</legend>
      {options.map((option) => {
        const level = shippingFacts(option.code).level;
        return (
          <label key={option.code} className="review__option">
            <input
              type="radio"
              name="shipping"
              value={option.code}
              checked={selected === option.code}
              onChange={() => onChoose(option.code)}
            />
            <span>{t(`review.shipping.level.${level}`)}</span> <Price amount={option.cost} locale={locale} />
          </label>
        );
      })}
      {facts && selected && (
        <div className="review__facts" aria-live="polite">
          <ul>
            <li>{t(facts.trackable ? 'review.shipping.trackable' : 'review.shipping.notTrackable')}</li>
            <li>{t(facts.toDoor ? 'review.shipping.toDoor' : 'review.shipping.toOffice')}</li>
            <li>{t(`review.shipping.eta.${facts.etaKey}`)}</li>
          </ul>
          <p>{t(`review.shipping.description.${facts.etaKey}`)}</p>
          {showsWeekendWarning(selected, now) && (
            <p className="notice notice--warning">{t('review.shipping.weekendWarning')}</p>
          )}
          {showsDutiesNote(selected) && <p className="notice">{t('review.shipping.dutiesNote')}</p>}
        </div>
      )}
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
      <button type="button" className="link-button" onClick={() => void openSupport(chatScriptSrc)}>
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

export function ShippingError({ t, contacts, onRetry }: { t: Translate; contacts: Contacts; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{t('review.shipping.error')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('review.retry')}
      </button>
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
