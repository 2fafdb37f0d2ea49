// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dropdown from '~/components/ui/Dropdown';

const setup = (onSelect = vi.fn()) => {
  render(
    <>
      <Dropdown
        label="Account"
        items={[
          { id: 'orders', label: 'Order history', href: '#orders' },
          { id: 'settings', label: 'Settings', onSelect },
          { id: 'logout', label: 'Log out', onSelect },
        ]}
      />
      <p>Outside</p>
    </>,
  );
  return { button: screen.getByRole('button', { name: 'Account' }), onSelect };
};

describe('<Dropdown>', () => {
  afterEach(cleanup);

  it('opens on click with the menu button pattern', async () => {
    const { button } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Account' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Order history',
      'Settings',
      'Log out',
    ]);
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    const { button } = setup();
    await userEvent.hover(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.unhover(button.parentElement as HTMLElement);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('stays open when clicked after a hover opened it, and a second click closes it', async () => {
    const { button } = setup();
    await userEvent.hover(button);
    await userEvent.click(button);
    await userEvent.unhover(button.parentElement as HTMLElement);
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on an outside click', async () => {
    const { button } = setup();
    await userEvent.click(button);
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with arrow keys, wraps, and closes on Escape back to the button', async () => {
    const { button } = setup();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('runs the chosen action by keyboard and closes', async () => {
    const { button, onSelect } = setup();
    button.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
