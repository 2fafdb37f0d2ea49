// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Notifications from '~/components/ui/Notifications';
import { $notifications, notify } from '~/lib/notifications/notifications.store';

const messages = {
  'ui.notifications': 'Notifications',
  'ui.dismissNotification': 'Dismiss notification',
  'ui.inProgress': 'In progress',
  'common.error': 'Error',
  'common.somethingWentWrong': 'Something went wrong',
  'common.success': 'Success',
};

describe('<Notifications>', () => {
  afterEach(() => {
    act(() => void notify(false));
    cleanup();
  });

  it('announces notifications in a live region with default texts', () => {
    render(<Notifications messages={messages} />);
    act(() => {
      notify({ text: 'Item added', type: 'success' });
      notify({ text: '', type: 'error' });
      notify({ type: 'warning' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText('Item added')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Error');
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });

  it('dismisses with the close button', async () => {
    render(<Notifications messages={messages} />);
    act(() => void notify({ text: 'Closable' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Closable')).toBeNull();
    expect($notifications.get()).toEqual([]);
  });

  it('dismisses on a click anywhere and hides the button when asked', async () => {
    render(<Notifications messages={messages} />);
    act(() => void notify({ text: 'Working', showCloseButton: false, showThinkingAnimation: true }));
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).toBeNull();
    expect(screen.getByRole('img', { name: 'In progress' })).toBeTruthy();
    await userEvent.click(screen.getByText('Working'));
    expect(screen.queryByText('Working')).toBeNull();
  });
});
