import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { createTranslate, type Messages } from '~/lib/i18n/translate';
import { notificationText } from './notifications';
import { $notifications, dismiss } from './notifications.store';
import './ui.css';

interface NotificationsProps {
  /** pickMessages(locale, ['common', 'ui']) */
  messages: Messages;
}

/** Shows $notifications in a live region so screen readers announce each one once. */
export default function Notifications({ messages }: NotificationsProps) {
  const notifications = useStore($notifications);
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
