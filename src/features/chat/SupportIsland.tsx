import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import Modal from '~/components/ui/Modal';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { $chat, closeSupportModal, openSupport } from './chat.store';

interface Props {
  messages: Messages;
  /** Widget script with the store's key. */
  scriptSrc: string;
  contactFormUrl: string;
}

/** The support button: loads the chat only when pressed; without operators, the contact details. */
export default function SupportIsland({ messages, scriptSrc, contactFormUrl }: Props) {
  const t = useMemo(() => createTranslate(messages), [messages]);
  const chat = useStore($chat);
  return (
    <div className="support">
      {chat.state !== 'showChat' && (
        <button
          type="button"
          className="button button--secondary support__button support-launcher"
          title={t('support.button')}
          aria-busy={chat.loading}
          // Not disabled while loading: the button keeps focus, so the modal can hand it back.
          aria-disabled={chat.loading}
          onClick={() => {
            if (!chat.loading) void openSupport(scriptSrc);
          }}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5Z" />
          </svg>
          <span className="support-launcher__label">{chat.loading ? t('chat.loading') : t('support.button')}</span>
        </button>
      )}
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
    </div>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
SupportIsland.messageDomains = ['chat', 'support', 'common'] satisfies MessagePrefix[];
