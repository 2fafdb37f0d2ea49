// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '~/features/chat/chat';
import { requestSupport } from '~/features/chat/public';
import { CHAT_GLOBAL, enhanceSupport } from '~/features/chat/support-launcher';

/** What SupportButton.astro draws for a store with the chat. */
const DRAWN = `
<aside class="support-slot" aria-label="Support" data-support-chat="http://api.test/chat/widget.js?key=cycle-chat-key">
  <a class="button" href="https://x.example/contact-us#contact-form" target="_blank" rel="noopener noreferrer" data-support-link>
    <span>Support</span>
  </a>
  <button type="button" class="button" data-support-open data-loading-label="Opening chat…" hidden>
    <span data-support-label>Support</span>
  </button>
  <dialog class="modal" aria-labelledby="t">
    <div class="modal__header"><h2 id="t">Live chat is offline</h2><button type="button" aria-label="Close" data-close>×</button></div>
    <p>no operators</p>
    <p><a href="https://x.example/contact-us#contact-form" target="_blank" rel="noopener noreferrer">Open the contact form</a></p>
  </dialog>
</aside>`;

/** jsdom runs no external script: the test plays the vendor script's part when it is appended. */
function fakeWidget(online: boolean, { loads = true } = {}) {
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
  const fake = {
    widget,
    appended,
    loads,
    restore: () => {
      document.head.append = original;
    },
  };
  document.head.append = (...nodes: (Node | string)[]) => {
    for (const node of nodes) {
      if (!(node instanceof HTMLScriptElement)) {
        original(node);
        continue;
      }
      appended.push(node.src);
      if (fake.loads) (window as unknown as Record<string, unknown>)[CHAT_GLOBAL] = widget;
      queueMicrotask(() => node.dispatchEvent(new Event(fake.loads ? 'load' : 'error')));
    }
  };
  return fake;
}

const supportButton = () => screen.getByRole('button', { name: 'Support' });
const offlineDialog = () => screen.queryByRole('dialog', { name: 'Live chat is offline' });

describe('the support launcher', () => {
  let restore = () => {};
  beforeEach(() => {
    document.body.innerHTML = DRAWN;
    document.cookie = 'ps_chat_started=; Max-Age=0; Path=/';
    // jsdom lacks the dialog's methods.
    const dialog = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    dialog['showModal'] ??= function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    dialog['close'] ??= function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
  afterEach(() => {
    restore();
    delete (window as unknown as Record<string, unknown>)[CHAT_GLOBAL];
    document.body.innerHTML = '';
  });

  it('puts the Support button in the contact link’s place and loads nothing until it is pressed', () => {
    const fake = fakeWidget(true);
    restore = fake.restore;
    expect(screen.getByRole('link', { name: 'Support' })).toBeTruthy();
    enhanceSupport(document);
    expect(screen.queryByRole('link', { name: 'Support' })).toBeNull();
    expect(supportButton().hidden).toBe(false);
    expect(fake.appended).toEqual([]);
  });

  it('opens the chat with the store key, keeps the chat-started cookie and returns when minimised', async () => {
    const fake = fakeWidget(true);
    restore = fake.restore;
    enhanceSupport(document);
    await userEvent.click(supportButton());
    await waitFor(() => expect(fake.widget.opened).toBe(1));
    expect(fake.appended).toEqual(['http://api.test/chat/widget.js?key=cycle-chat-key']);
    expect(document.cookie).toContain('ps_chat_started=1');
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
    fake.widget.emit('chat.minimised');
    expect(supportButton().hidden).toBe(false);
    await userEvent.click(supportButton());
    await waitFor(() => expect(fake.widget.opened).toBe(2));
    expect(fake.appended).toHaveLength(1);
  });

  it('shows the offline dialog with the contact form, and hands focus back when it closes', async () => {
    const fake = fakeWidget(false);
    restore = fake.restore;
    enhanceSupport(document);
    await userEvent.click(supportButton());
    await waitFor(() => expect(offlineDialog()).not.toBeNull());
    expect(fake.widget.opened).toBe(0);
    expect(screen.getByRole('link', { name: 'Open the contact form' }).getAttribute('target')).toBe('_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(offlineDialog()).toBeNull();
    expect(document.activeElement).toBe(supportButton());
  });

  it('offers the contact form when the widget cannot load, and tries to load it again on the next press', async () => {
    const fake = fakeWidget(true, { loads: false });
    restore = fake.restore;
    enhanceSupport(document);
    await userEvent.click(supportButton());
    await waitFor(() => expect(offlineDialog()).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    fake.loads = true;
    await userEvent.click(supportButton());
    await waitFor(() => expect(fake.widget.opened).toBe(1));
    expect(fake.appended).toHaveLength(2);
  });

  it('says it is opening while the widget loads, and a second press loads it once', async () => {
    const fake = fakeWidget(false);
    restore = fake.restore;
    enhanceSupport(document);
    const button = supportButton();
    button.click();
    expect(button.textContent?.trim()).toBe('Opening chat…');
    expect(button.getAttribute('aria-busy')).toBe('true');
    button.click();
    await waitFor(() => expect(offlineDialog()).not.toBeNull());
    expect(button.textContent?.trim()).toBe('Support');
    expect(fake.appended).toHaveLength(1);
  });

  it('opens when another island asks for support', async () => {
    const fake = fakeWidget(false);
    restore = fake.restore;
    enhanceSupport(document);
    requestSupport();
    await waitFor(() => expect(offlineDialog()).not.toBeNull());
  });
});
