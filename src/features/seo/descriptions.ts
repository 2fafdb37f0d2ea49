import type { MessageKey } from '~/lib/i18n/translate';

/**
 * Each page's meta description (locales/<lang>/seo.json), chosen by its path without language.
 * A page of its own describes itself; misses describe the miss, not the page that was asked for.
 */
const PAGE_DESCRIPTIONS: Readonly<Record<string, MessageKey>> = {
  '/': 'seo.description.cart',
  '/bulk-add-items/': 'seo.description.bulkAdd',
  '/return-policy/': 'seo.description.returnPolicy',
  '/public/subscriptions/unsubscribed/': 'seo.description.unsubscribed',
  '/public/tracking/': 'seo.description.tracking',
  '/public/rate-merchant/': 'seo.description.rating',
  '/login/': 'seo.description.login',
  '/signin/': 'seo.description.signin',
  '/recover-password/': 'seo.description.recoverPassword',
  '/order-info/': 'seo.description.orderInfo',
  '/order-history/': 'seo.description.orderHistory',
  '/account-settings/': 'seo.description.account',
  '/customer-form/': 'seo.description.customerForm',
  '/review-order/': 'seo.description.reviewOrder',
  '/payment-success/': 'seo.description.paymentSuccess',
};

export const GENERIC_DESCRIPTION: MessageKey = 'meta.description';

/** @param route the path without its language prefix */
export function descriptionKey(route: string, status: number): MessageKey {
  if (status === 404) return 'seo.description.notFound';
  if (status >= 500) return 'seo.description.serverError';
  return PAGE_DESCRIPTIONS[route] ?? GENERIC_DESCRIPTION;
}
