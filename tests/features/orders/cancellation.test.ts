import { describe, expect, it } from 'vitest';
import {
  cancelControl,
  cancelNoteError,
  cancelOutcome,
  cancelPayload,
  withCancellationRequested,
} from '~/features/orders/cancellation';
import { statusColour } from '~/features/orders/order-status';

describe('cancel control (checkout §4)', () => {
  const order = {
    order_no: 1,
    status_for_customer: 'pending',
    customer_can_edit: true,
    cancellation_requested: false,
    void: false,
  };

  it('is offered for an editable pending order', () => {
    expect(cancelControl(order)).toEqual({ state: 'enabled' });
  });

  it('is hidden once shipping started, and a void order says it was cancelled', () => {
    expect(cancelControl({ ...order, status_for_customer: 'partially_shipped' }).state).toBe('hidden');
    expect(cancelControl({ ...order, status_for_customer: 'shipped' }).state).toBe('hidden');
    expect(cancelControl({ ...order, void: 1 })).toEqual({ state: 'hidden', note: 'cancelled' });
  });

  it('is disabled when the customer cannot edit or a cancellation was requested', () => {
    expect(cancelControl({ ...order, customer_can_edit: false })).toEqual({ state: 'disabled', note: 'notEditable' });
    expect(cancelControl({ ...order, customer_can_edit: '0' })).toEqual({ state: 'disabled', note: 'notEditable' });
    expect(cancelControl({ ...order, cancellation_requested: true })).toEqual({ state: 'disabled', note: 'requested' });
  });

  it('counts 200 and 406 as requested and 409 as the refusal', () => {
    expect(cancelOutcome(200)).toBe('requested');
    expect(cancelOutcome(406)).toBe('requested');
    expect(cancelOutcome(409)).toBe('refused');
    expect(cancelOutcome(500)).toBe('error');
    expect(cancelOutcome(0)).toBe('error');
  });

  it('sends the note only with the reason other', () => {
    expect(cancelPayload('other', '  too slow ')).toEqual({
      cancellation_reason: 'other',
      cancellation_note: 'too slow',
    });
    expect(cancelPayload('not_in_stock', 'ignored')).toEqual({
      cancellation_reason: 'not_in_stock',
      cancellation_note: '',
    });
  });

  it('asks for the note of the reason other, and only for that one', () => {
    expect(cancelNoteError('other', '')).toBe('required');
    expect(cancelNoteError('other', '   ')).toBe('required');
    expect(cancelNoteError('other', 'too slow')).toBeNull();
    expect(cancelNoteError('found_elsewhere', '')).toBeNull();
  });

  it('shows a taken cancellation as requested', () => {
    const updated = withCancellationRequested({ orderno: order });
    expect(cancelControl(updated.orderno)).toEqual({ state: 'disabled', note: 'requested' });
    expect(statusColour(updated.orderno.status_for_customer)).toBe('warning');
  });
});
