/**
 * Support chat (spec shopping §2 Support button, §4 Chat, §8, §9): the vendor script is loaded
 * only when the shopper asks for help, with the store's key.
 */
import { COOKIES, siteCookieName } from '~/lib/session/cookie-names';

export type ChatState = 'initial' | 'showModal' | 'showChat';

/** What the vendor widget reports; only the action text matters. */
export interface ChatEvent {
  action: string;
}

/** Events whose action contains "served" show the chat; "minimised" ones return to the button. */
export function nextChatState(state: ChatState, event: ChatEvent): ChatState {
  const action = event.action.toLowerCase();
  if (action.includes('served')) return 'showChat';
  if (action.includes('minimised') || action.includes('minimized')) return 'initial';
  if (action.includes('offline')) return 'showModal';
  return state;
}

/** The widget script URL with the store's key; only http(s) sources are ever loaded. */
export function chatScriptSrc(scriptUrl: string, key: string): string | null {
  try {
    const url = new URL(scriptUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.searchParams.set('key', key);
    return url.href;
  } catch {
    return null;
  }
}

/** The origin the CSP must allow for the widget, and nothing more. */
export function chatOrigin(scriptUrl: string): string | null {
  const src = chatScriptSrc(scriptUrl, 'x');
  return src ? new URL(src).origin : null;
}

/** The chat-started cookie lasts 0.04 days. */
export const CHAT_STARTED_DAYS = 0.04;
export const CHAT_STARTED_MAX_AGE = Math.round(CHAT_STARTED_DAYS * 86400);

/** The chat-started cookie as page JavaScript writes it, `__Host-` over https like every site cookie. */
export function chatStartedCookie(secure: boolean): string {
  const name = siteCookieName(COOKIES.chatStarted, secure);
  return `${name}=1; Max-Age=${CHAT_STARTED_MAX_AGE}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The vendor interface the widget script exposes on window (see store-api/README.md). */
export interface ChatWidget {
  readonly online: boolean;
  open: () => void;
  on: (listener: (event: ChatEvent) => void) => () => void;
}

export function isChatWidget(value: unknown): value is ChatWidget {
  if (!value || typeof value !== 'object') return false;
  const widget = value as Record<string, unknown>;
  return (
    typeof widget['open'] === 'function' && typeof widget['on'] === 'function' && typeof widget['online'] === 'boolean'
  );
}
