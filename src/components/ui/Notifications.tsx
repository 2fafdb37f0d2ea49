import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { notificationText } from '~/lib/notifications/notifications';
import { $notifications, dismiss } from '~/lib/notifications/notifications.store';
import './close-button.css';
import './notifications.css';

interface NotificationsProps {
  messages: Messages;
}

/** Shows $notifications in a live region so screen readers announce each one once. */
export default function Notifications({ messages }: NotificationsProps) {
  const live = useStore($notifications);
  // The server renders no notification. An island woken earlier may already have posted one (the
  // cart names rejected add-to-cart entries on load): hydrating with it would not match the
  // server HTML (React error #418), so the first render is the server's and the list follows.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const notifications = hydrated ? live : [];
  const t = useMemo(() => createTranslate(messages), [messages]);
  return (
    <section aria-label={t('ui.notifications')}>
      <ul className="notifications" aria-live="polite" aria-relevant="additions text">
        {notifications.map((notification) => (
          // A click anywhere dismisses early as a pointer shortcut; the close button is the keyboard path.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
          <li
            key={notification.id}
            className={`notification notification--${notification.type}`}
            data-type={notification.type}
            onClick={() => dismiss(notification.id)}
          >
            {notification.showThinkingAnimation && (
              <span className="thinking" role="img" aria-label={t('ui.inProgress')}>
                <span />
                <span />
                <span />
              </span>
            )}
            <p className="notification__text" role={notification.type === 'error' ? 'alert' : undefined}>
              {notificationText(notification, t)}
            </p>
            {notification.showCloseButton && (
              <button
                type="button"
                className="notification__close"
                aria-label={t('ui.dismissNotification')}
                onClick={(event) => {
                  event.stopPropagation();
                  dismiss(notification.id);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
Notifications.messageDomains = ['common', 'ui'] satisfies MessagePrefix[];
