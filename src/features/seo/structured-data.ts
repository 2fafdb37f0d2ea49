import { createHash } from 'node:crypto';
import type { StoreVariant } from '~/stores';
import { intlLocale, type Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import { RESTOCKING_FEE_PERCENT, RETURN_COUNTRY, RETURN_POLICY_TERMS, RETURN_WINDOW_DAYS } from '~/lib/return-policy';

export type JsonLd = Readonly<Record<string, unknown>>;

export interface ReturnPolicyText {
  name: string;
  description: string;
  url: string;
  language: string;
}

/** The policy as the page states it in the visitor's language. */
export function returnPolicyText(t: Translate, locale: Locale, url: string): ReturnPolicyText {
  return {
    name: t('returnPolicy.title'),
    description: RETURN_POLICY_TERMS.map((term) => t(`returnPolicy.${term}`)).join(' '),
    url,
    language: intlLocale[locale],
  };
}

export function returnPolicyLd(text: ReturnPolicyText): JsonLd {
  return {
    '@type': 'MerchantReturnPolicy',
    name: text.name,
    description: text.description,
    url: text.url,
    inLanguage: text.language,
    applicableCountry: RETURN_COUNTRY,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_WINDOW_DAYS,
    returnMethod: 'https://schema.org/ReturnByMail',
    itemCondition: 'https://schema.org/NewCondition',
    returnFees: 'https://schema.org/RestockingFees',
    // A number is a percentage of the price (schema.org restockingFee).
    restockingFee: RESTOCKING_FEE_PERCENT,
  };
}

/** The shop as an Organization, with its return policy when the page states it. */
export function organizationLd(store: StoreVariant, origin: URL, returnPolicy?: ReturnPolicyText): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: store.name,
    url: origin.href,
    logo: new URL(store.logo, origin).href,
    sameAs: [store.storefrontUrl],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: store.supportPhone,
      email: store.supportEmail,
    },
    ...(returnPolicy ? { hasMerchantReturnPolicy: returnPolicyLd(returnPolicy) } : {}),
  };
}

/**
 * JSON for a <script type="application/ld+json"> body. Text in it comes from translations and
 * settings, so everything that could end the element or start markup is written as a JSON
 * escape: `</script>` can never appear, and the value parses back unchanged.
 */
export function jsonLdText(value: JsonLd): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The CSP source that allows exactly this inline script body. */
export function scriptHash(body: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`;
}
