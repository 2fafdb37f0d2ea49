import { describe, expect, it } from 'vitest';
import {
  CHAT_STARTED_MAX_AGE,
  chatOrigin,
  chatScriptSrc,
  chatStartedCookie,
  isChatWidget,
  nextChatState,
} from '~/features/chat/chat';
import { contactFormUrl } from '~/lib/contact';
import { stores } from '~/stores';

describe('chat states (shopping §4)', () => {
  it('shows the chat on events whose action contains "served"', () => {
    expect(nextChatState('initial', { action: 'chat.served' })).toBe('showChat');
    expect(nextChatState('initial', { action: 'chat.started' })).toBe('initial');
    expect(nextChatState('initial', { action: 'operator_served_chat' })).toBe('showChat');
  });

  it('returns to the button on events whose action contains "minimised"', () => {
    expect(nextChatState('showChat', { action: 'chat.minimised' })).toBe('initial');
  });

  it('shows the modal when the chat is offline and ignores other events', () => {
    expect(nextChatState('initial', { action: 'chat.offline' })).toBe('showModal');
    expect(nextChatState('showChat', { action: 'chat.message' })).toBe('showChat');
  });
});

describe('widget script and CSP origin', () => {
  it('adds the store key to the script URL', () => {
    expect(chatScriptSrc('http://127.0.0.1:4010/chat/widget.js', 'marine-chat-key')).toBe(
      'http://127.0.0.1:4010/chat/widget.js?key=marine-chat-key',
    );
    expect(chatScriptSrc('https://chat.example/w.js?v=2', 'a b')).toBe('https://chat.example/w.js?v=2&key=a+b');
  });

  it('loads only http(s) scripts and allows only their origin', () => {
    expect(chatScriptSrc('javascript:alert(1)', 'k')).toBeNull();
    expect(chatScriptSrc('not a url', 'k')).toBeNull();
    expect(chatOrigin('https://chat.example/path/w.js')).toBe('https://chat.example');
    expect(chatOrigin('data:text/javascript,1')).toBeNull();
  });

  it('recognises the vendor interface', () => {
    expect(isChatWidget({ online: true, open: () => undefined, on: () => () => undefined })).toBe(true);
    expect(isChatWidget({ online: 'yes', open: () => undefined, on: () => undefined })).toBe(false);
    expect(isChatWidget(undefined)).toBe(false);
  });
});

describe('chat-started cookie and contact form', () => {
  it('lasts 0.04 days', () => {
    expect(CHAT_STARTED_MAX_AGE).toBe(3456);
    expect(chatStartedCookie(false)).toBe('ps_chat_started=1; Max-Age=3456; Path=/; SameSite=Strict');
    expect(chatStartedCookie(true)).toBe('__Host-ps_chat_started=1; Max-Age=3456; Path=/; SameSite=Strict; Secure');
  });

  it('links each store to its own contact form', () => {
    expect(contactFormUrl(stores.marine.storefrontUrl, stores.marine.contactFormPath)).toBe(
      'https://www.marineparts.example/contact_us.html#contact-form',
    );
    expect(contactFormUrl(stores.cycle.storefrontUrl, stores.cycle.contactFormPath)).toBe(
      'https://www.cycleparts.example/contact-us#contact-form',
    );
  });
});
