import { shipClassOf, type ShipClass } from '~/lib/ship-class';
import './stock-status.css';

type Icon = 'ok' | 'clock' | 'attention' | 'cancel' | 'question';

// Spec shopping §4: now = ok, later = clock, backordered and possible delays = attention, never = cancel.
const iconOf: Record<ShipClass, Icon> = {
  now: 'ok',
  later: 'clock',
  backordered: 'attention',
  possible_delays: 'attention',
  never: 'cancel',
  unknown: 'question',
};

export function stockStatusIcon(status: string): Icon {
  return iconOf[shipClassOf(status)];
}

const paths: Record<Icon, string> = {
  ok: 'M5 10.5l3.5 3.5L15 7',
  clock: 'M10 5.5V10l3 2',
  attention: 'M10 5.5v5.5M10 13.8v.4',
  cancel: 'M7 7l6 6M13 7l-6 6',
  question: 'M7.8 7.8a2.3 2.3 0 1 1 3.2 2.1c-.6.3-1 .8-1 1.5v.6M10 14.2v.3',
};

interface StockStatusProps {
  /** ship_class of the product; anything else reads as unknown. */
  status: string;
  /** The translated meaning, e.g. "Ships immediately". */
  label: string;
}

/** The stock icon beside its meaning; the icon is decoration, the text carries the meaning. */
export default function StockStatus({ status, label }: StockStatusProps) {
  const icon = stockStatusIcon(status);
  const kind = shipClassOf(status);
  return (
    <span className={`stock-status stock-status--${kind}`} data-icon={icon}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d={paths[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{label}</span>
    </span>
  );
}
