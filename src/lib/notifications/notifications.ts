import { isOneOf } from '~/lib/is-one-of';

/** Timing and default-text rules of notifications (spec shopping §4, §8, §9). */
import type { MessageKey, Translate } from '~/lib/i18n/translate';

export const NOTIFICATION_TYPES = ['success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_DURATION_MS = 3000;
export const ERROR_NOTIFICATION_DURATION_MS = 7000;
/** Long enough to outlive any visit; used for notices that stay until dismissed. */
export const INFINITE_NOTIFICATION_DURATION_MS = 900_000;

export interface NotificationInput {
  text?: string | undefined;
  type?: NotificationType | undefined;
  duration?: number | undefined;
  showCloseButton?: boolean | undefined;
  showThinkingAnimation?: boolean | undefined;
  id?: string | undefined;
}

export interface Notification {
  id: string;
  /** Empty when the caller gave none: the view shows the translated default for the type. */
  text: string;
  type: NotificationType;
  duration: number;
  showCloseButton: boolean;
  showThinkingAnimation: boolean;
}

export function isNotificationType(value: unknown): value is NotificationType {
  return isOneOf(NOTIFICATION_TYPES, value);
}

/** An unknown type is shown and timed as a success. */
export function notificationType(type: unknown): NotificationType {
  return isNotificationType(type) ? type : 'success';
}

export function notificationDuration(type: unknown, duration?: number): number {
  if (duration !== undefined && Number.isFinite(duration) && duration > 0) return duration;
  return notificationType(type) === 'error' ? ERROR_NOTIFICATION_DURATION_MS : NOTIFICATION_DURATION_MS;
}

const defaultTextKeys: Record<NotificationType, MessageKey> = {
  error: 'common.error',
  warning: 'common.somethingWentWrong',
  success: 'common.success',
};

/** The locale key of the text shown when a notification comes without one. */
export function defaultNotificationTextKey(type: unknown): MessageKey {
  return defaultTextKeys[notificationType(type)];
}

export function notificationText(notification: Pick<Notification, 'text' | 'type'>, t: Translate): string {
  return notification.text.trim() === '' ? t(defaultNotificationTextKey(notification.type)) : notification.text;
}

export function createNotification(input: NotificationInput, fallbackId: string): Notification {
  const type = notificationType(input.type);
  return {
    id: input.id ?? fallbackId,
    text: input.text ?? '',
    type,
    duration: notificationDuration(type, input.duration),
    showCloseButton: input.showCloseButton ?? true,
    showThinkingAnimation: input.showThinkingAnimation ?? false,
  };
}

/** A notification with an id already shown takes its place; a new one goes last. */
export function upsertNotification(list: readonly Notification[], next: Notification): Notification[] {
  const index = list.findIndex((item) => item.id === next.id);
  if (index === -1) return [...list, next];
  return list.map((item, i) => (i === index ? next : item));
}
