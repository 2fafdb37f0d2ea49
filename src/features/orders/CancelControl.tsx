import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/lib/i18n/translate';
import Field from '~/components/ui/Field';
import {
  CANCEL_REASONS,
  DEFAULT_CANCEL_REASON,
  cancelControl,
  cancelNoteError,
  displayOrderNumber,
  type CancelReason,
  type OrderRecord,
} from './orders';
import { $cancellations, cancelOrder } from './orders.store';

interface Props {
  order: OrderRecord;
  t: Translate;
}

/** Cancel with a reason; the outcome is announced in place. */
export function CancelControl({ order, t }: Props) {
  const number = displayOrderNumber(order.orderno.order_no);
  const progress = useStore($cancellations)[number] ?? { state: 'idle' };
  const control = cancelControl(order.orderno);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason>(DEFAULT_CANCEL_REASON);
  const [note, setNote] = useState('');
  // The note's error shows from the first submit on, and goes as soon as the note is written.
  const [submitted, setSubmitted] = useState(false);
  const id = useId();
  const noteId = `${id}-note`;
  const noteError = submitted ? cancelNoteError(reason, note) : null;

  const outcome =
    progress.state === 'requested' ? (
      <p className="notice notice--success">
        {t('orders.cancel.requested')} {t('orders.cancel.emailNote')}
      </p>
    ) : progress.state === 'refused' ? (
      <p className="notice notice--error">{t('orders.cancel.refused')}</p>
    ) : progress.state === 'error' ? (
      <p className="notice notice--error">{progress.message ?? t('common.somethingWentWrong')}</p>
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
          {!open && (
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
          {open && control.state === 'enabled' && (
            <form id={`${id}-form`} className="order__cancel-form" onSubmit={submit} noValidate>
              <fieldset>
                <legend>{t('orders.cancel.reason')}</legend>
                {CANCEL_REASONS.map((value) => (
                  <label key={value} className="order__reason">
                    <input
                      type="radio"
                      name={`${id}-reason`}
                      value={value}
                      checked={reason === value}
                      onChange={() => setReason(value)}
                    />
                    {t(`orders.cancel.reasons.${value}`)}
                  </label>
                ))}
              </fieldset>
              {reason === 'other' && (
                <Field
                  as="textarea"
                  id={noteId}
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
                <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                  {t('orders.cancel.keep')}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </div>
  );
}
