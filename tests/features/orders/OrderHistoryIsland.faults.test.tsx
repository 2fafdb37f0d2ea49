// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dictionaries } from '~/lib/i18n/messages';
import OrderHistoryIsland from '~/features/orders/OrderHistoryIsland';
import { $orderHistory } from '~/features/orders/orders.store';
import { readOrders } from '~/lib/store-api/orders';
import { FAULT_KINDS, fakeIslandApi, type IslandApi } from '../../support/island-api';

const HISTORY = /^v2\/orders\/history\/$/;

function order(orderNo: number) {
  return {
    orderno: {
      order_no: orderNo,
      date_ordered: '20261101120000',
      order_total: 4250,
      status_for_customer: 'pending',
      customer_can_edit: true,
      cancellation_requested: false,
      void: false,
    },
    items: [],
    trackings: [],
  };
}

let api: IslandApi;

beforeEach(() => {
  api = fakeIslandApi();
  api.on('GET', HISTORY, [order(1), order(2)]);
  $orderHistory.set({ state: 'idle', range: 'month', orders: [], error: null });
});
afterEach(cleanup);

function renderHistory() {
  render(
    <OrderHistoryIsland
      messages={dictionaries.en}
      locale="en"
      shop={{ storeId: 'marine', storefrontUrl: 'https://shop.example/' }}
      newShopUrl="https://new.example/"
      cancelAction="/order-history/?_action=orders.cancel"
      initial={{ state: 'success', range: 'month', orders: readOrders([order(1)]) ?? [], error: null }}
    />,
  );
}

describe.each(FAULT_KINDS)('order history meeting $name', (kind) => {
  it(
    kind.fails
      ? 'the store says why, and Try again keeps the chosen range'
      : 'the late answer shows the chosen range as usual',
    async () => {
      renderHistory();
      const range = screen.getByLabelText<HTMLSelectElement>('Show orders from');
      const hold = api.fault(kind, 'GET', HISTORY);
      await userEvent.selectOptions(range, 'year');
      await hold.sent;
      if (kind.fails) {
        const error = await screen.findByRole('alert');
        expect(error.textContent).toContain(kind.text);
        expect(error.textContent).toContain('Something went wrong on our server');
        expect(range.value).toBe('year');
        await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
      } else {
        expect(screen.queryByRole('alert')).toBeNull();
        hold.release();
      }
      expect(await screen.findByText('2 orders placed in the past year')).toBeTruthy();
      expect(range.value).toBe('year');
      expect(screen.getByRole('article', { name: 'Order 1002' })).toBeTruthy();
      expect(api.sent('GET', HISTORY).map((call) => call.query.get('legacy_date_range'))).toEqual(
        kind.fails ? ['year', 'year'] : ['year'],
      );
    },
  );
});
