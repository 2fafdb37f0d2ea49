import Field from '~/components/ui/Field';
import { formTextAttributes } from '~/components/ui/form-texts';
import type { Translate } from '~/lib/i18n/translate';
import { messageText } from '~/lib/i18n/message-ref';
import type { OrderRecord } from '~/lib/store-api/orders';
import { CANCEL_REASONS, DEFAULT_CANCEL_REASON, cancelControl, type PostedCancel } from './cancellation';
import { displayOrderNumber } from './order-number';

interface Props {
  order: OrderRecord;
  t: Translate;
  /** The history page with its range and the cancel action: the form posts there, with or without a script. */
  action: string;
  /** This order's cancellation as the page's post left it. */
  posted?: PostedCancel | undefined;
}

/**
 * Cancel with a reason, drawn on the server only: a fold ("Cancel order N") holding the form, which
 * posts, and the page comes back with the outcome on this order. The note shows for another reason
 * alone (orders.css), and the page's script checks it before posting (enhance-order-forms.ts).
 */
export function CancelForm({ order, t, action, posted }: Props) {
  const number = displayOrderNumber(order.orderno.order_no);
  const progress = posted?.progress ?? { state: 'idle' };
  const control = cancelControl(order.orderno);
  const reason = posted?.reason ?? DEFAULT_CANCEL_REASON;
  const noteId = `cancel-note-${number}`;

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
      {control.state === 'disabled' && progress.state !== 'requested' && (
        <>
          <button type="button" className="button button--quiet" disabled>
            {t('orders.cancel.open', { number })}
          </button>
          {control.note === 'notEditable' && <p className="order__meta">{t('orders.cancel.notEditable')}</p>}
        </>
      )}
      {control.state === 'enabled' && progress.state !== 'requested' && (
        // Open once the page comes back from this order's post, so its outcome and fields are in view.
        <details className="order__cancel-fold" open={posted !== undefined}>
          <summary className="button button--quiet">{t('orders.cancel.open', { number })}</summary>
          <form
            className="order__cancel-form"
            method="post"
            action={action}
            noValidate
            data-session-form="cancel"
            {...formTextAttributes({
              busy: t('common.loading'),
              'note-required': t('orders.cancel.noteRequired'),
            })}
          >
            <input type="hidden" name="order" value={number} />
            <fieldset>
              <legend>{t('orders.cancel.reason')}</legend>
              {CANCEL_REASONS.map((value) => (
                <label key={value} className="order__reason">
                  <input type="radio" name="reason" value={value} defaultChecked={reason === value} />
                  {t(`orders.cancel.reasons.${value}`)}
                </label>
              ))}
            </fieldset>
            <Field
              as="textarea"
              id={noteId}
              name="note"
              wrapperClass="order__note"
              label={t('orders.cancel.note')}
              defaultValue={posted?.note ?? ''}
              rows={3}
              required
              maxLength={2000}
              error={progress.state === 'noteRequired' ? t('orders.cancel.noteRequired') : undefined}
            />
            <p className="order__notice">{t('orders.cancel.bestEffort')}</p>
            <div className="order__actions">
              <button type="submit" className="button button--danger">
                {t('orders.cancel.confirm')}
              </button>
            </div>
          </form>
        </details>
      )}
    </div>
  );
}
