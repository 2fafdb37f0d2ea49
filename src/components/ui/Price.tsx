import { formatMoney } from '~/lib/i18n/format';
import type { Locale } from '~/lib/i18n/locales';
import './ui.css';

interface PriceProps {
  amount: number;
  locale: Locale;
  className?: string;
}

/** A USD amount in the shopper's locale, its machine value kept for parsers. */
export default function Price({ amount, locale, className }: PriceProps) {
  return (
    <data className={`price${className ? ` ${className}` : ''}`} value={amount.toFixed(2)}>
      {formatMoney(locale, amount)}
    </data>
  );
}
