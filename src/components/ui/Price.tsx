import { formatMoney } from '~/lib/i18n/format';
import type { Locale } from '~/lib/i18n/locales';
import { exactValue, formatExactMoney } from '~/lib/line-price';
import './ui.css';

interface PriceProps {
  amount: number;
  locale: Locale;
  className?: string;
  /** Shows every digit the store charges (a unit price or line total may carry fractions of a cent). */
  exact?: boolean;
}

/** A USD amount in the shopper's locale, its machine value kept for parsers. */
export default function Price({ amount, locale, className, exact = false }: PriceProps) {
  return (
    <data className={`price${className ? ` ${className}` : ''}`} value={exact ? exactValue(amount) : amount.toFixed(2)}>
      {exact ? formatExactMoney(locale, amount) : formatMoney(locale, amount)}
    </data>
  );
}
