import { callAction } from '~/lib/api/call-action';
import type { MessageKey } from '~/lib/i18n/translate';
import type { CancelReason, PostedCancel } from './cancellation';
import type { LookupForm, PostedLookup } from './guest-lookup';

/** The lookup as the plain form posts it; a post that never reached this site is "Can't connect". */
export const lookupCall = (form: LookupForm): Promise<PostedLookup> => {
  const body = new FormData();
  body.set('email', form.email);
  body.set('mode', form.mode);
  body.set(form.mode === 'order' ? 'order_no' : 'invoice_no', form.mode === 'order' ? form.orderNo : form.invoiceNo);
  return callAction<PostedLookup>('orders.lookup', body, (key: MessageKey) => ({
    form,
    lookup: { state: 'error', order: null, error: { key } },
  }));
};

/** The cancellation as the order's plain form posts it. */
export const cancelCall = (order: string, reason: CancelReason, note: string): Promise<PostedCancel> => {
  const body = new FormData();
  body.set('order', order);
  body.set('reason', reason);
  body.set('note', note);
  return callAction<PostedCancel>('orders.cancel', body, (key: MessageKey) => ({
    order,
    reason,
    note,
    progress: { state: 'error', message: { key } },
  }));
};
