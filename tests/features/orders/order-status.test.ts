import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  STATUS_HELP_DEFAULT,
  statusColour,
  statusGroup,
  statusHelpLink,
} from '~/features/orders/order-status';

describe('status groups, colours and help links (checkout §4, restyled by status group)', () => {
  it.each([
    ['waiting_on_manufacturer', 'progress', 'neutral'],
    ['pending', 'progress', 'neutral'],
    ['in_stock', 'progress', 'neutral'],
    ['awaiting_shipment', 'progress', 'neutral'],
    ['partially_shipped', 'shipping', 'info'],
    ['shipped', 'shipping', 'info'],
    ['en_route', 'shipping', 'info'],
    ['delivered', 'done', 'success'],
    ['cancellation_requested', 'cancelling', 'warning'],
    ['delivery_exception', 'problem', 'error'],
    ['cancelled', 'problem', 'error'],
  ])('%s is in the group %s, coloured %s', (status, group, colour) => {
    expect(statusGroup(status)).toBe(group);
    expect(statusColour(status)).toBe(colour);
  });

  it('never colours a requested cancellation like a cancelled order', () => {
    expect(statusColour('cancellation_requested')).not.toBe(statusColour('cancelled'));
  });

  it('gives every status a group', () => {
    for (const status of ORDER_STATUSES)
      expect(statusGroup(status)).toMatch(/^(progress|shipping|done|cancelling|problem)$/);
  });

  it('reads other spellings and defaults unknown statuses to in progress, neutral', () => {
    expect(statusColour('Partially Shipped')).toBe('info');
    expect(statusColour('partiallyShipped')).toBe('info');
    expect(statusGroup('something_new')).toBe('progress');
    expect(statusColour('something_new')).toBe('neutral');
    expect(statusColour(undefined)).toBe('neutral');
  });

  it('links every status to its own help, unknown ones to the default page', () => {
    const links = new Set(ORDER_STATUSES.map((status) => statusHelpLink(status, 'https://shop.example/')));
    expect(links.size).toBe(ORDER_STATUSES.length);
    expect(statusHelpLink('shipped', 'https://shop.example/')).toBe('https://shop.example/order-status.html#shipped');
    expect(statusHelpLink('mystery', 'https://shop.example/')).toBe(`https://shop.example${STATUS_HELP_DEFAULT}`);
  });
});
