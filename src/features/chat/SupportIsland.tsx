import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useMemo, useState } from 'react';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import type { ChatStore } from './chat.store';
import { SUPPORT_REQUEST_EVENT } from './support-request';

interface Props {
  messages: Messages;
  /** Widget script with the store's key. */
  scriptSrc: string;
  contactFormUrl: string;
}

type SupportPanel = typeof import('./support-panel');

/** The chat's state before its store has loaded. */
const $notLoaded = atom<ChatStore>({ state: 'initial', loading: false });

/**
 * The support button. What it opens (the chat's state, the vendor widget, the offline dialog) loads
 * when it is first pressed; until then the button says it is opening, and a load that fails leaves
 * the button to press again.
 */
export default function SupportIsland({ messages, scriptSrc, contactFormUrl }: Props) {
  const t = useMemo(() => createTranslate(messages), [messages]);
  const [panel, setPanel] = useState<SupportPanel | null>(null);
  const chat = useStore(panel?.$chat ?? $notLoaded);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const loading = opening || chat.loading;

  const open = async () => {
    setFailed(false);
    let loaded = panel;
    if (!loaded) {
      setOpening(true);
      try {
        loaded = await import('./support-panel');
      } catch {
        setFailed(true);
        return;
      } finally {
        setOpening(false);
      }
      setPanel(loaded);
    }
    await loaded.openSupport(scriptSrc);
  };
  const press = () => {
    if (!loading) void open();
  };
  useEffect(() => {
    window.addEventListener(SUPPORT_REQUEST_EVENT, press);
    return () => window.removeEventListener(SUPPORT_REQUEST_EVENT, press);
  });

  return (
    <div className="support">
      {chat.state !== 'showChat' && (
        <button
          type="button"
          className="button button--secondary support__button support-launcher"
          title={t('support.button')}
          aria-busy={loading}
          // Not disabled while loading: the button keeps focus, so the modal can hand it back.
          aria-disabled={loading}
          onClick={press}
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
          <span className="support-launcher__label">{loading ? t('chat.loading') : t('support.button')}</span>
        </button>
      )}
      {failed && (
        <p className="notice notice--error" role="alert">
          {t('chat.loadFailed')}
        </p>
      )}
      {panel && <panel.OfflineModal t={t} contactFormUrl={contactFormUrl} />}
    </div>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
SupportIsland.messageDomains = ['chat', 'support', 'common'] satisfies MessagePrefix[];
