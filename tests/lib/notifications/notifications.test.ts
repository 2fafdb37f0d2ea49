import { describe, expect, it } from 'vitest';
import {
  ERROR_NOTIFICATION_DURATION_MS,
  INFINITE_NOTIFICATION_DURATION_MS,
  NOTIFICATION_DURATION_MS,
  createNotification,
  defaultNotificationTextKey,
  notificationDuration,
  notificationText,
  upsertNotification,
} from '~/lib/notifications/notifications';

describe('notification rules', () => {
  it('uses the spec durations', () => {
    expect(NOTIFICATION_DURATION_MS).toBe(3000);
    expect(ERROR_NOTIFICATION_DURATION_MS).toBe(7000);
    expect(INFINITE_NOTIFICATION_DURATION_MS).toBe(900000);
    expect(notificationDuration('success')).toBe(3000);
    expect(notificationDuration('warning')).toBe(3000);
    expect(notificationDuration('error')).toBe(7000);
  });

  it('falls back to the success duration for a missing or unknown type', () => {
    expect(notificationDuration(undefined)).toBe(3000);
    expect(notificationDuration('info')).toBe(3000);
  });

  it('keeps a given positive duration and ignores nonsense', () => {
    expect(notificationDuration('error', 1200)).toBe(1200);
    expect(notificationDuration('success', INFINITE_NOTIFICATION_DURATION_MS)).toBe(900000);
    expect(notificationDuration('error', 0)).toBe(7000);
    expect(notificationDuration('success', Number.NaN)).toBe(3000);
    expect(notificationDuration('success', -5)).toBe(3000);
  });

  it('names a default text per type', () => {
    expect(defaultNotificationTextKey('error')).toBe('common.error');
    expect(defaultNotificationTextKey('warning')).toBe('common.somethingWentWrong');
    expect(defaultNotificationTextKey('success')).toBe('common.success');
    expect(defaultNotificationTextKey('other')).toBe('common.success');
  });

  it('shows the default only when the text is empty', () => {
    const t = (key: string) => `<${key}>`;
    expect(notificationText({ text: '', type: 'error' }, t)).toBe('<common.error>');
    expect(notificationText({ text: '  ', type: 'warning' }, t)).toBe('<common.somethingWentWrong>');
    expect(notificationText({ text: 'Saved', type: 'error' }, t)).toBe('Saved');
  });

  it('builds a notification with defaults', () => {
    expect(createNotification({ text: 'Hi' }, 'n1')).toEqual({
      id: 'n1',
      text: 'Hi',
      type: 'success',
      duration: 3000,
      showCloseButton: true,
      showThinkingAnimation: false,
    });
    const custom = createNotification(
      { id: 'x', type: 'error', showCloseButton: false, showThinkingAnimation: true },
      'n2',
    );
    expect(custom).toMatchObject({
      id: 'x',
      text: '',
      type: 'error',
      duration: 7000,
      showCloseButton: false,
      showThinkingAnimation: true,
    });
  });

  it('replaces a notification with the same id in place', () => {
    const a = createNotification({ id: 'a', text: 'one' }, 'a');
    const b = createNotification({ id: 'b', text: 'two' }, 'b');
    const a2 = createNotification({ id: 'a', text: 'three' }, 'a');
    expect(upsertNotification([a, b], a2).map((n) => n.text)).toEqual(['three', 'two']);
    expect(upsertNotification([a], b).map((n) => n.id)).toEqual(['a', 'b']);
  });
});
