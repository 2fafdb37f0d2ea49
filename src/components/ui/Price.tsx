import type { Locale } from '~/lib/i18n/locales';
import { formatMoney, moneyValue, type Cents } from '~/lib/money';
import './price.css';

interface PriceProps {
  amount: Cents;
  locale: Locale;
  className?: string;
}

/** An amount in whole cents in the shopper's locale, its machine value kept for parsers. */
export default function Price({ amount, locale, className }: PriceProps) {
  return (
    <data className={`price${className ? ` ${className}` : ''}`} value={moneyValue(amount)}>
      {formatMoney(locale, amount)}
    </data>
  );
}
