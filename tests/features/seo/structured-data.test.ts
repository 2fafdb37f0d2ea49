import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsonLdText, organizationLd, returnPolicyText, scriptHash } from '~/features/seo/structured-data';
import { translator } from '~/lib/i18n/messages';
import { stores } from '~/stores';

const origin = new URL('https://parts.example.com/');

describe('structured data', () => {
  it('describes the shop and its return policy with the spec rules', () => {
    const policy = returnPolicyText(translator('es'), 'es', 'https://parts.example.com/es/return-policy/');
    const data = organizationLd(stores.cycle, origin, policy);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Cycle Parts Store',
      url: 'https://parts.example.com/',
      logo: 'https://parts.example.com/logo-cycle.svg',
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        merchantReturnDays: 30,
        restockingFee: 20,
        applicableCountry: 'US',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        inLanguage: 'es-ES',
        name: 'Política de devoluciones',
      },
    });
    expect(JSON.stringify(data)).toContain('equipos eléctricos');
    expect(organizationLd(stores.marine, origin)).not.toHaveProperty('hasMerchantReturnPolicy');
  });

  it('can never close its script element, and reads back unchanged', () => {
    const hostile = { '@type': 'Thing', name: '</script><script>alert(1)</script> & \u2028 <!--' };
    const text = jsonLdText(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('hashes the body the way a CSP source lists it', () => {
    const body = jsonLdText({ a: 1 });
    expect(scriptHash(body)).toBe(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  });
});
