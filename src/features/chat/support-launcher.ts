import {
  chatStartedCookie,
  isChatWidget,
  nextChatState,
  type ChatEvent,
  type ChatState,
  type ChatWidget,
} from './chat';
import { SUPPORT_REQUEST_EVENT } from './support-request';

/** Where the vendor script leaves its widget. */
export const CHAT_GLOBAL = 'PartsChatWidget';

/** The vendor widget, loaded once per page; null when it failed to load or is not what it claims. */
function loadWidget(document: Document, src: string): Promise<ChatWidget | null> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const found = (document.defaultView as unknown as Record<string, unknown> | null)?.[CHAT_GLOBAL];
      resolve(isChatWidget(found) ? found : null);
    };
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

/**
 * The support button (SupportButton.astro) once the page's script runs. The server draws a link to
 * the contact form, which is what support is without a script; the script puts the Support button
 * in its place, which loads the vendor widget on first use and opens the chat, or the offline
 * dialog the server drew when no operator is online (or the widget cannot load). No framework and
 * no store: a page script works on the document it is given, and the state is the button's and the
 * dialog's own.
 */
export function enhanceSupport(document: Document): void {
  const slot = document.querySelector<HTMLElement>('[data-support-chat]');
  const src = slot?.dataset['supportChat'];
  const link = slot?.querySelector<HTMLAnchorElement>('[data-support-link]');
  const button = slot?.querySelector<HTMLButtonElement>('[data-support-open]');
  const label = button?.querySelector<HTMLElement>('[data-support-label]');
  const offline = slot?.querySelector<HTMLDialogElement>('dialog');
  if (!src || !link || !button || !label || !offline) return;

  let widget: Promise<ChatWidget | null> | null = null;
  let state: ChatState = 'initial';
  let loading = false;
  const idleLabel = label.textContent;

  const show = (next: ChatState) => {
    state = next;
    // Once an operator serves the chat, the widget takes the button's place.
    button.hidden = state === 'showChat';
    if (state === 'showModal' && !offline.open) offline.showModal();
    if (state !== 'showModal' && offline.open) offline.close();
  };
  const setLoading = (on: boolean) => {
    loading = on;
    button.setAttribute('aria-busy', String(on));
    // Not disabled while loading: the button keeps focus, so the dialog can hand it back.
    button.setAttribute('aria-disabled', String(on));
    label.textContent = on ? (button.dataset['loadingLabel'] ?? idleLabel) : idleLabel;
  };
  const onEvent = (event: ChatEvent) => {
    const next = nextChatState(state, event);
    if (next === 'showChat') document.cookie = chatStartedCookie(document.location.protocol === 'https:');
    show(next);
  };
  const press = async () => {
    if (loading) return;
    setLoading(true);
    if (!widget) {
      widget = loadWidget(document, src);
      void widget.then((loaded) => loaded?.on(onEvent));
    }
    const loaded = await widget;
    // A widget that failed to load may load on the next press.
    if (!loaded) widget = null;
    setLoading(false);
    if (loaded?.online) loaded.open();
    else show('showModal');
  };

  link.hidden = true;
  button.hidden = false;
  button.addEventListener('click', () => void press());
  document.defaultView?.addEventListener(SUPPORT_REQUEST_EVENT, () => void press());
  offline.querySelector('[data-close]')?.addEventListener('click', () => offline.close());
  offline.addEventListener('close', () => {
    if (state === 'showModal') state = 'initial';
    button.focus();
  });
}
