import { atom } from 'nanostores';
import { createNotification, upsertNotification, type Notification, type NotificationInput } from './notifications';

export type { Notification, NotificationInput } from './notifications';
export { INFINITE_NOTIFICATION_DURATION_MS } from './notifications';

export const $notifications = atom<Notification[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export function dismiss(id: string): void {
  clearTimer(id);
  $notifications.set($notifications.get().filter((item) => item.id !== id));
}

function flush(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  $notifications.set([]);
}

/**
 * Shows a notification and schedules its dismissal; returns its id.
 * `notify(false)` removes every notification at once.
 */
export function notify(input: NotificationInput | false): string | undefined {
  if (input === false) {
    flush();
    return undefined;
  }
  counter += 1;
  const notification = createNotification(input, `notification-${counter}`);
  clearTimer(notification.id);
  $notifications.set(upsertNotification($notifications.get(), notification));
  timers.set(
    notification.id,
    setTimeout(() => dismiss(notification.id), notification.duration),
  );
  return notification.id;
}
