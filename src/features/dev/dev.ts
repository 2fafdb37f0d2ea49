import type { StoreId } from '~/stores';
import { isEmail } from '~/lib/email';

/** The developer test page (spec shopping §2 Developer test page, checkout §2 /dev/). */
export type AppEnv = 'development' | 'staging' | 'e2e' | 'production';

/** Reachable in development, staging and e2e builds; production answers 404. */
export function isDevPageEnabled(env: AppEnv): boolean {
  return env === 'development' || env === 'staging' || env === 'e2e';
}

/**
 * Sample products of each store's reference catalogue, always purchasable: the spec's three for
 * marine; a cycle basket cannot hold marine parts, so cycle has three of its own.
 */
export const SAMPLE_PRODUCT_IDS = {
  marine: [1374449, 2043, 15732],
  cycle: [400001, 400007, 400009],
} as const satisfies Record<StoreId, readonly number[]>;

export const DEMO_ACCOUNTS = [
  { role: 'customer', username: 'customer@example.com', password: 'Customer123!' },
  { role: 'acai', username: 'acai@example.com', password: 'Acai12345!' },
  { role: 'subscriber', username: 'subscriber@example.com', password: 'Subscriber1!' },
] as const;

export function demoAccount(role: string): (typeof DEMO_ACCOUNTS)[number] | undefined {
  return DEMO_ACCOUNTS.find((account) => account.role === role);
}

/** Marks the browser as driven by end-to-end tests (read by test tooling, never by the shop). */
export const E2E_MODE_COOKIE = 'ps_e2e_mode';

export interface SubscriberForm {
  fname: string;
  lname: string;
  email: string;
  password: string;
  passwordConfirm: string;
}
export type SubscriberErrors = Partial<Record<keyof SubscriberForm, 'required' | 'email' | 'mismatch'>>;

const text = (value: FormDataEntryValue | null): string => (typeof value === 'string' ? value.trim() : '');

export function readSubscriberForm(form: { get: (name: string) => FormDataEntryValue | null }): SubscriberForm {
  return {
    fname: text(form.get('fname')),
    lname: text(form.get('lname')),
    email: text(form.get('email')),
    password: text(form.get('password')),
    passwordConfirm: text(form.get('passwordConfirm')),
  };
}

/** The test subscriber form needs the e-mail and both passwords, matching. */
export function validateSubscriber(form: SubscriberForm): SubscriberErrors {
  const errors: SubscriberErrors = {};
  if (!form.email) errors.email = 'required';
  else if (!isEmail(form.email)) errors.email = 'email';
  if (!form.password) errors.password = 'required';
  if (!form.passwordConfirm) errors.passwordConfirm = 'required';
  else if (form.password && form.password !== form.passwordConfirm) errors.passwordConfirm = 'mismatch';
  return errors;
}

/** Bulk-add payload of the sample basket. */
export function sampleBasketPayload(storeId: StoreId): {
  store_id: string;
  items: { product_id: number; quantity: number }[];
} {
  return { store_id: storeId, items: SAMPLE_PRODUCT_IDS[storeId].map((product_id) => ({ product_id, quantity: 1 })) };
}
