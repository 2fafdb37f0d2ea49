import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';
import { isOneOf } from '~/lib/is-one-of';
import type { Translate } from '~/lib/i18n/translate';
import { messageText } from '~/lib/i18n/message-ref';
import Field from '~/components/ui/Field';
import {
  CANCEL_REASONS,
  DEFAULT_CANCEL_REASON,
  cancelControl,
  cancelNoteError,
  type CancelReason,
  type PostedCancel,
} from './cancellation';
import { displayOrderNumber } from './order-number';
import type { OrderRecord } from '~/lib/store-api/orders';
import { $cancellations, cancelOrder } from './orders.store';

interface Props {
  order: OrderRecord;
  t: Translate;
  /** The history page and the cancel action: without JavaScript, or before the island loads, the form posts there. */
  action: string;
  /** This order's cancellation as the page's plain post left it. */
  posted?: PostedCancel | undefined;
}

/**
 * Cancel with a reason; the outcome is announced in place. Until the island runs, each order that
 * can be cancelled shows its form at once (every reason and the note), and the browser posts it.
 */
export function CancelControl({ order, t, action, posted }: Props) {
  const number = displayOrderNumber(order.orderno.order_no);
  const progress = useStore($cancellations)[number] ?? posted?.progress ?? { state: 'idle' };
  const control = cancelControl(order.orderno);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // After a plain post the form stays as the page drew it, so waking up moves nothing.
  const [open, setOpen] = useState(posted !== undefined);
  const [reason, setReason] = useState<CancelReason>(posted?.reason ?? DEFAULT_CANCEL_REASON);
  const [note, setNote] = useState(posted?.note ?? '');
  // A reason picked or a note begun before the island woke keeps the form open with them.
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'reason' && isOneOf(CANCEL_REASONS, value)) setReason(value);
    else if (name === 'note' && typeof value === 'string') setNote(value);
    else return;
    setOpen(true);
  });
  // The note's error shows from the first submit on, and goes as soon as the note is written.
  const [submitted, setSubmitted] = useState(progress.state === 'noteRequired');
  const id = useId();
  const noteId = `${id}-note`;
  const noteError = submitted ? cancelNoteError(reason, note) : null;
  const formShown = control.state === 'enabled' && (open || !hydrated);

  const outcome =
    progress.state === 'requested' ? (
      <p className="notice notice--success">
        {t('orders.cancel.requested')} {t('orders.cancel.emailNote')}
      </p>
    ) : progress.state === 'refused' ? (
      <p className="notice notice--error">{t('orders.cancel.refused')}</p>
    ) : progress.state === 'error' ? (
      <p className="notice notice--error">
        {progress.message ? messageText(progress.message, t) : t('common.somethingWentWrong')}
      </p>
    ) : null;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (cancelNoteError(reason, note)) {
      document.getElementById(noteId)?.focus();
      return;
    }
    void cancelOrder(number, reason, note);
  };

  return (
    <div className="order__cancel">
      <div role="status" aria-live="polite">
        {outcome}
        {!outcome && control.state === 'hidden' && control.note === 'cancelled' && (
          <p>{t('orders.cancel.cancelled')}</p>
        )}
        {!outcome && control.state === 'disabled' && control.note === 'requested' && (
          <p>{t('orders.cancel.requested')}</p>
        )}
      </div>
      {control.state !== 'hidden' && progress.state !== 'requested' && (
        <>
          {!formShown && (
            <button
              type="button"
              className="button button--quiet"
              disabled={control.state === 'disabled'}
              aria-expanded={false}
              aria-controls={`${id}-form`}
              onClick={() => setOpen(true)}
            >
              {t('orders.cancel.open', { number })}
            </button>
          )}
          {control.state === 'disabled' && control.note === 'notEditable' && (
            <p className="order__meta">{t('orders.cancel.notEditable')}</p>
          )}
          {formShown && (
            <form
              ref={formRef}
              id={`${id}-form`}
              className="order__cancel-form"
              method="post"
              action={action}
              onSubmit={submit}
              noValidate
            >
              <input type="hidden" name="order" value={number} />
              <fieldset>
                <legend>{t('orders.cancel.reason')}</legend>
                {CANCEL_REASONS.map((value) => (
                  <label key={value} className="order__reason">
                    <input
                      type="radio"
                      name="reason"
                      value={value}
                      checked={reason === value}
                      onChange={() => setReason(value)}
                    />
                    {t(`orders.cancel.reasons.${value}`)}
                  </label>
                ))}
              </fieldset>
              {(reason === 'other' || !hydrated) && (
                <Field
                  as="textarea"
                  id={noteId}
                  name="note"
                  label={t('orders.cancel.note')}
                  value={note}
                  rows={3}
                  required
                  maxLength={2000}
                  error={noteError ? t('orders.cancel.noteRequired') : undefined}
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
              <p className="order__notice">{t('orders.cancel.bestEffort')}</p>
              <div className="order__actions">
                <button type="submit" className="button button--danger" disabled={progress.state === 'sending'}>
                  {progress.state === 'sending' ? t('common.loading') : t('orders.cancel.confirm')}
                </button>
                {hydrated && (
                  <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                    {t('orders.cancel.keep')}
                  </button>
                )}
              </div>
            </form>
          )}
        </>
      )}
    </div>
  );
}
