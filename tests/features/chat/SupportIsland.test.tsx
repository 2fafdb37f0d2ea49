// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SupportIsland from '~/features/chat/SupportIsland';
import { $chat, CHAT_GLOBAL, resetChat } from '~/features/chat/chat.store';
import type { ChatEvent } from '~/features/chat/chat';
import { requestSupport } from '~/features/chat/public';

const messages = {
  'support.button': 'Support',
  'chat.loading': 'Opening chat…',
  'chat.offlineTitle': 'Live chat is offline',
  'chat.noOperators': 'no operators',
  'chat.hours': 'Monday to Friday, 8:00 to 17:00 MST',
  'chat.contactIntro': 'Write to us',
  'chat.contactLink': 'Open the contact form',
  'common.close': 'Close',
  'chat.loadFailed': 'Support could not open. Press Support again.',
};

/** jsdom does not run external scripts: the test plays the vendor script's part when it is appended. */
function fakeWidget(online: boolean) {
  const listeners: ((event: ChatEvent) => void)[] = [];
  const widget = {
    online,
    opened: 0,
    open() {
      widget.opened += 1;
      for (const listener of listeners) listener({ action: online ? 'chat.served' : 'chat.offline' });
    },
    on(listener: (event: ChatEvent) => void) {
      listeners.push(listener);
      return () => undefined;
    },
    emit(action: string) {
      for (const listener of listeners) listener({ action });
    },
  };
  const appended: string[] = [];
  const original = document.head.append.bind(document.head);
  document.head.append = (...nodes: (Node | string)[]) => {
    for (const node of nodes) {
      if (node instanceof HTMLScriptElement) {
        appended.push(node.src);
        (window as unknown as Record<string, unknown>)[CHAT_GLOBAL] = widget;
        queueMicrotask(() => {
          node.dispatchEvent(new Event('load'));
        });
      } else original(node);
    }
  };
  return {
    widget,
    appended,
    restore: () => {
      document.head.append = original;
    },
  };
}

/** The launcher as the marine store's pages draw it. */
function renderSupport() {
  return render(
    <SupportIsland
      messages={messages}
      scriptSrc="http://api.test/chat/widget.js?key=marine-chat-key"
      contactFormUrl="https://m.example/contact_us.html#contact-form"
    />,
  );
}

describe('SupportIsland', () => {
  let restore = () => {};
  beforeEach(() => {
    resetChat();
    document.cookie = 'ps_chat_started=; Max-Age=0; Path=/';
    // jsdom lacks the dialog methods the modal calls.
    const dialog = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    if (typeof dialog['showModal'] !== 'function')
      dialog['showModal'] = function showModal(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      };
    if (typeof dialog['close'] !== 'function')
      dialog['close'] = function close(this: HTMLDialogElement) {
        this.removeAttribute('open');
      };
  });
  afterEach(() => {
    cleanup();
    restore();
  });

  it('loads no script until the button is pressed, then opens the chat with the store key', async () => {
    const fake = fakeWidget(true);
    restore = fake.restore;
    render(
      <SupportIsland
        messages={messages}
        scriptSrc="http://api.test/chat/widget.js?key=cycle-chat-key"
        contactFormUrl="https://x.example/contact-us#contact-form"
      />,
    );
    expect(fake.appended).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Support' }));
    await waitFor(() => expect($chat.get().state).toBe('showChat'));
    expect(fake.appended).toEqual(['http://api.test/chat/widget.js?key=cycle-chat-key']);
    expect(fake.widget.opened).toBe(1);
    expect(document.cookie).toContain('ps_chat_started=1');
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();

    fake.widget.emit('chat.minimised');
    await screen.findByRole('button', { name: 'Support' });
    expect($chat.get().state).toBe('initial');
  });

  it('shows the offline modal with hours and the contact form in a new tab', async () => {
    const fake = fakeWidget(false);
    restore = fake.restore;
    renderSupport();
    await userEvent.click(screen.getByRole('button', { name: 'Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Live chat is offline' });
    expect(dialog.textContent).toContain('no operators');
    expect(dialog.textContent).toContain('8:00 to 17:00 MST');
    const link = screen.getByRole('link', { name: 'Open the contact form' });
    expect(link.getAttribute('href')).toBe('https://m.example/contact_us.html#contact-form');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(fake.widget.opened).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect($chat.get().state).toBe('initial');
  });

  it('says so when what it opens cannot load, keeps the page as it was and opens on the next press', async () => {
    const fake = fakeWidget(false);
    restore = fake.restore;
    vi.doMock('~/features/chat/support-panel', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      renderSupport();
      await userEvent.click(screen.getByRole('button', { name: 'Support' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Support could not open. Press Support again.');
      expect(fake.appended).toEqual([]);
    } finally {
      vi.doUnmock('~/features/chat/support-panel');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Support' }));
    await screen.findByRole('dialog', { name: 'Live chat is offline' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens when another island asks for support', async () => {
    const fake = fakeWidget(false);
    restore = fake.restore;
    renderSupport();
    requestSupport();
    await screen.findByRole('dialog', { name: 'Live chat is offline' });
  });
});
