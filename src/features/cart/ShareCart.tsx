import { useEffect, useRef, useState } from 'react';
import type { Translate } from '~/lib/i18n/translate';
import { MAX_ADD_TO_CART_ENTRIES } from './cart';
import type { ShareLink } from './share-link';

interface ShareCartProps {
  link: ShareLink;
  t: Translate;
  /** Before the island wakes the link is there to select by hand; Copy is shown, disabled. */
  hydrated: boolean;
}

/** What the last Copy did, and for which link: a changed list is a new link, and its outcome is not said. */
interface Copied {
  url: string;
  done: boolean;
}

/**
 * Share this cart: the link is a read-only field anyone can select (no script needed); Copy puts
 * it on the clipboard, and Share opens the phone's share sheet where the browser has one. The
 * outcome is said in a polite live region under the field.
 */
export default function ShareCart({ link, t, hydrated }: ShareCartProps) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<Copied | null>(null);
  const [canShare, setCanShare] = useState(false);

  // Known only in the browser, after hydration: the server's HTML never offers the share sheet.
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied({ url: link.url, done: true });
    } catch {
      // No clipboard here (an http page, a refused permission): the link is ready to copy by hand.
      field.current?.focus();
      field.current?.select();
      setCopied({ url: link.url, done: false });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: t('cart.shareSheetTitle'), url: link.url });
    } catch {
      // Closing the sheet is the shopper's choice; the field and Copy stay for any other refusal.
    }
  };

  return (
    <section className="cart-share" aria-labelledby="cart-share-heading">
      <h2 id="cart-share-heading" className="cart-share__title">
        {t('cart.shareTitle')}
      </h2>
      <p className="cart-share__lead">{t('cart.shareLead')}</p>
      <div className="cart-share__row">
        <label htmlFor="cart-share-link" className="visually-hidden">
          {t('cart.shareLinkLabel')}
        </label>
        <input
          ref={field}
          id="cart-share-link"
          className="cart-share__field"
          type="text"
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="cart-share-link"
        />
        <div className="cart-share__actions">
          <button type="button" className="button button--secondary" onClick={() => void copy()} disabled={!hydrated}>
            {t('cart.shareCopy')}
          </button>
          {canShare && (
            <button type="button" className="button button--secondary" onClick={() => void share()}>
              {t('cart.shareSend')}
            </button>
          )}
        </div>
      </div>
      {link.leftOut > 0 && (
        <p className="cart-share__note">
          {t('cart.shareLeftOut', { count: link.leftOut, max: MAX_ADD_TO_CART_ENTRIES })}
        </p>
      )}
      <p
        className={`cart-share__status${copied?.url === link.url && copied.done ? ' cart-share__status--ok' : ''}`}
        role="status"
      >
        {copied?.url !== link.url ? '' : copied.done ? t('cart.shareCopied') : t('cart.shareCopyRefused')}
      </p>
    </section>
  );
}
