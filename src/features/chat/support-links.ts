import type { StoreVariant } from '~/stores';
import { storeAddresses } from '~/lib/store-addresses';
import { chatOrigin, chatScriptSrc } from './chat';

/** The settings that move the store's help away from its defaults (see src/config.ts). */
export interface SupportSettings {
  STOREFRONT_URL?: string | undefined;
  CHAT_SCRIPT_URL?: string | undefined;
  CHAT_KEY?: string | undefined;
  STORE_API_URL: string;
}

export interface SupportLinks {
  /** The storefront's contact form: an absolute URL on the storefront's domain, never on this site. */
  contactFormUrl: string;
  /** The chat widget with the store's key, or null when the configured script is not http(s). */
  chatScriptSrc: string | null;
  /** The one origin a page that opens the chat must allow for scripts. */
  chatOrigin: string | null;
}

/** Where every "Contact us" and "Live chat" of the store leads. */
export function supportLinks(
  settings: SupportSettings,
  store: Pick<StoreVariant, 'storefrontUrl' | 'newShopUrl' | 'contactFormPath' | 'chatKey'>,
): SupportLinks {
  const scriptUrl = settings.CHAT_SCRIPT_URL ?? new URL('chat/widget.js', settings.STORE_API_URL).href;
  return {
    contactFormUrl: storeAddresses(store, settings).contactFormUrl,
    chatScriptSrc: chatScriptSrc(scriptUrl, settings.CHAT_KEY ?? store.chatKey),
    chatOrigin: chatOrigin(scriptUrl),
  };
}
