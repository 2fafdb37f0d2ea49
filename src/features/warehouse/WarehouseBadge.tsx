import { useStore } from '@nanostores/react';
import type { Translate } from '~/lib/i18n/translate';
import type { WarehouseBand } from '~/lib/store-api/warehouse';
import { bandLabel, SHIPPING_TYPES } from './warehouse';
import { $warehouse } from './warehouse.store';

function BandTable({ t, kind, bands }: { t: Translate; kind: 'in_stock' | 'non_stocked'; bands: WarehouseBand[] }) {
  if (bands.length === 0) return null;
  return (
    <table className="warehouse__table">
      <caption>{t(`warehouse.${kind === 'in_stock' ? 'inStock' : 'nonStocked'}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('warehouse.shipsIn')}</th>
          {SHIPPING_TYPES.map((type) => (
            <th scope="col" key={type}>
              {t(`warehouse.type.${type}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {bands.map((band) => {
          const label = bandLabel(kind, band.days_to_ship);
          return (
            <tr key={String(band.days_to_ship)}>
              <th scope="row">{t(label.key, label.params)}</th>
              {SHIPPING_TYPES.map((type) => (
                <td key={type}>{`${Math.round(band[type])}%`}</td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Green, yellow or red handling-delay badge with the report's bands behind a disclosure; the page loads the report. */
export function WarehouseBadge({ t }: { t: Translate }) {
  const warehouse = useStore($warehouse);
  if (warehouse.state !== 'success') return null;
  const { report } = warehouse;
  return (
    <details className={`warehouse warehouse--${report.status}`}>
      <summary>
        <span className="warehouse__dot" aria-hidden="true" />
        {t('warehouse.label')}: {t(`warehouse.status.${report.status}`)}
      </summary>
      <BandTable t={t} kind="in_stock" bands={report.in_stock} />
      <BandTable t={t} kind="non_stocked" bands={report.non_stocked} />
    </details>
  );
}
