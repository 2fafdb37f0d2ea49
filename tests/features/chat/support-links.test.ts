import { describe, expect, it } from 'vitest';
import { supportLinks } from '~/features/chat/support-links';
import { stores } from '~/stores';

describe('support links', () => {
  const api = { STORE_API_URL: 'http://127.0.0.1:4010/' };
  it('leads to the storefront contact form of each store, never to a path of this site', () => {
    expect(supportLinks(api, stores.marine).contactFormUrl).toBe(
      'https://www.marineparts.example/contact_us.html#contact-form',
    );
    expect(supportLinks(api, stores.cycle).contactFormUrl).toBe(
      'https://www.cycleparts.example/contact-us#contact-form',
    );
    expect(supportLinks({ ...api, STOREFRONT_URL: 'https://boats.example/shop/' }, stores.marine).contactFormUrl).toBe(
      'https://boats.example/contact_us.html#contact-form',
    );
  });
  it('opens the chat with the store key, from the store API unless configured', () => {
    expect(supportLinks(api, stores.cycle)).toMatchObject({
      chatScriptSrc: 'http://127.0.0.1:4010/chat/widget.js?key=cycle-chat-key',
      chatOrigin: 'http://127.0.0.1:4010',
    });
    const own = supportLinks({ ...api, CHAT_SCRIPT_URL: 'https://chat.example/w.js', CHAT_KEY: 'k1' }, stores.marine);
    expect(own).toMatchObject({
      chatScriptSrc: 'https://chat.example/w.js?key=k1',
      chatOrigin: 'https://chat.example',
    });
    expect(supportLinks({ ...api, CHAT_SCRIPT_URL: 'javascript:alert(1)' }, stores.marine).chatScriptSrc).toBeNull();
  });
});
