import type { Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import type { LineRow } from '~/lib/line-price';
import Price from './Price';
import './price.css';

/**
 * What a line's quantity costs, in the one form the cart, review order, the invoice and order
 * history share: "3 × $7.74" where that is the line's total, else "3 for $23.23" (`lineRow`).
 */
export default function QuantityPrice({ row, t, locale }: { row: LineRow; t: Translate; locale: Locale }) {
  if (row.unit !== null)
    return (
      <span className="quantity-price">
        {row.quantity} × <Price amount={row.unit} locale={locale} />
      </span>
    );
  const [before, after = ''] = t('common.quantityFor', { count: row.quantity }).split('{amount}');
  return (
    <span className="quantity-price">
      {before}
      <Price amount={row.total} locale={locale} />
      {after}
    </span>
  );
}
