import { useStore } from '@nanostores/react';
import Modal from '~/components/ui/Modal';
import type { Translate } from '~/lib/i18n/translate';
import { $chat, closeSupportModal } from './chat.store';

interface Props {
  t: Translate;
  contactFormUrl: string;
}

/** No operator online: the support hours and the contact form, in a dialog. */
export default function OfflineModal({ t, contactFormUrl }: Props) {
  const chat = useStore($chat);
  return (
    <Modal
      open={chat.state === 'showModal'}
      title={t('chat.offlineTitle')}
      onClose={closeSupportModal}
      closeLabel={t('common.close')}
    >
      <p>{t('chat.noOperators')}</p>
      <p>{t('chat.hours')}</p>
      <p>
        {t('chat.contactIntro')}{' '}
        <a href={contactFormUrl} target="_blank" rel="noopener noreferrer">
          {t('chat.contactLink')}
        </a>
      </p>
    </Modal>
  );
}
