// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRY_LIST_ID, drawnCountryOptions, serveCountryOptions } from '~/features/customer-form/country-list';

const drawn = [
  { value: 'US^United States', label: 'United States' },
  { value: 'FR^France', label: 'Francia' },
];

function page(html: string): Document {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return document;
}

const select = (id: string) =>
  `<select id="${id}">${drawn.map(({ value, label }) => `<option value="${value}">${label}</option>`).join('')}</select>`;

afterEach(() => serveCountryOptions(null));

describe('the country list, drawn once per page', () => {
  it("is the server's list, by the page's language, while the server draws the page", () => {
    serveCountryOptions((locale) => (locale === 'es' ? drawn : []));
    expect(drawnCountryOptions('es', null)).toEqual(drawn);
  });

  it('is read back in the browser from the shipping select, or from the list kept while no form is drawn', () => {
    expect(drawnCountryOptions('es', page(select('shipping-country')))).toEqual(drawn);
    expect(drawnCountryOptions('es', page(`<datalist id="${COUNTRY_LIST_ID}">${select('x')}</datalist>`))).toEqual(
      drawn,
    );
    expect(drawnCountryOptions('es', page(select('billing-country')))).toEqual([]);
  });

  it('cannot be had on the server without the list the server serves', () => {
    expect(() => drawnCountryOptions('en', null)).toThrow(/countries\.server/);
  });
});
