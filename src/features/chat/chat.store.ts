import { browser } from '~/lib/browser';
import { atom } from 'nanostores';
import {
  chatStartedCookie,
  isChatWidget,
  nextChatState,
  type ChatEvent,
  type ChatState,
  type ChatWidget,
} from './chat';

export interface ChatStore {
  state: ChatState;
  loading: boolean;
}

export const $chat = atom<ChatStore>({ state: 'initial', loading: false });

export const CHAT_GLOBAL = 'PartsChatWidget';

let widget: ChatWidget | null = null;
let loading: Promise<ChatWidget | null> | null = null;

function handle(event: ChatEvent): void {
  const current = $chat.get();
  const state = nextChatState(current.state, event);
  if (state === 'showChat') browser().writeCookie(chatStartedCookie(browser().location().protocol === 'https:'));
  $chat.set({ ...current, state });
}

function loadWidget(src: string): Promise<ChatWidget | null> {
  if (widget) return Promise.resolve(widget);
  loading ??= new Promise<ChatWidget | null>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const found = (window as unknown as Record<string, unknown>)[CHAT_GLOBAL];
      widget = isChatWidget(found) ? found : null;
      widget?.on(handle);
      resolve(widget);
    };
    script.onerror = () => resolve(null);
    document.head.append(script);
  }).finally(() => {
    loading = null;
  });
  return loading;
}

/** The support button: load the widget on first use, open it, or show the offline modal. */
export async function openSupport(src: string): Promise<void> {
  $chat.set({ ...$chat.get(), loading: true });
  const loaded = await loadWidget(src);
  if (loaded?.online) {
    $chat.set({ ...$chat.get(), loading: false });
    loaded.open();
  } else {
    $chat.set({ state: 'showModal', loading: false });
  }
}

export function closeSupportModal(): void {
  $chat.set({ state: 'initial', loading: false });
}

/** Tests start from a page without the widget. */
export function resetChat(): void {
  widget = null;
  loading = null;
  $chat.set({ state: 'initial', loading: false });
}
