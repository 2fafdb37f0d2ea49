import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $notifications,
  INFINITE_NOTIFICATION_DURATION_MS,
  dismiss,
  notify,
} from '~/lib/notifications/notifications.store';

describe('$notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    notify(false);
    vi.useRealTimers();
  });

  it('adds a notification and removes it after its duration', () => {
    notify({ text: 'Saved', type: 'success' });
    expect($notifications.get().map((n) => n.text)).toEqual(['Saved']);
    vi.advanceTimersByTime(2999);
    expect($notifications.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notifications.get()).toHaveLength(0);
  });

  it('keeps errors for 7 seconds and infinite ones until dismissed', () => {
    notify({ text: 'Broken', type: 'error' });
    const stay = notify({ text: 'Working', duration: INFINITE_NOTIFICATION_DURATION_MS });
    vi.advanceTimersByTime(6999);
    expect($notifications.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect($notifications.get().map((n) => n.id)).toEqual([stay]);
    vi.advanceTimersByTime(800_000);
    expect($notifications.get()).toHaveLength(1);
    dismiss(stay ?? '');
    expect($notifications.get()).toHaveLength(0);
  });

  it('dismisses one early and leaves the others', () => {
    const first = notify({ text: 'one' });
    notify({ text: 'two' });
    dismiss(first ?? '');
    expect($notifications.get().map((n) => n.text)).toEqual(['two']);
  });

  it('flushes everything on notify(false) and cancels pending timers', () => {
    notify({ text: 'one' });
    notify({ text: 'two', type: 'error' });
    notify(false);
    expect($notifications.get()).toEqual([]);
    notify({ id: 'later', text: 'three' });
    vi.advanceTimersByTime(2000);
    expect($notifications.get()).toHaveLength(1);
  });

  it('replaces a notification with the same id and restarts its timer', () => {
    notify({ id: 'save', text: 'Saving', showThinkingAnimation: true });
    vi.advanceTimersByTime(2500);
    notify({ id: 'save', text: 'Saved' });
    expect($notifications.get().map((n) => n.text)).toEqual(['Saved']);
    vi.advanceTimersByTime(2500);
    expect($notifications.get()).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect($notifications.get()).toHaveLength(0);
  });
});
