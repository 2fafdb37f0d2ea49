import type { Translate } from '~/lib/i18n/translate';

interface Props {
  t: Translate;
  storefrontUrl: string;
  newShopUrl: string;
}

/** Since the migration, S-prefixed orders live on the new shop and numeric ones on the old cart host. */
export function MigrationNotice({ t, storefrontUrl, newShopUrl }: Props) {
  return (
    <aside className="notice notice--warning" aria-label={t('orders.migration.label')}>
      <p>
        {t('orders.migration.newShop')}{' '}
        <a href={newShopUrl} target="_blank" rel="noopener noreferrer">
          {t('orders.migration.newShopLink')}
        </a>
      </p>
      <p>
        {t('orders.migration.oldCart')}{' '}
        <a href={storefrontUrl} target="_blank" rel="noopener noreferrer">
          {t('orders.migration.oldCartLink')}
        </a>
      </p>
    </aside>
  );
}
