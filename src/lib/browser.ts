/**
 * The one seam between the islands and the browser they run in: where the page is, how to leave
 * it, how calls are sent, the tab's storage and its cookies. Islands and stores read the browser
 * only through `browser()`; component tests put their own in its place with `replaceBrowser`.
 */
export interface Browser {
  /** Where the page is; empty on the server, where no page is open. */
  location(): Readonly<{ origin: string; pathname: string; search: string; protocol: string }>;
  /** Goes to another page. */
  assign(url: string): void;
  /** Goes to another page in place of this one in the history (a page that must not be come back to). */
  replace(url: string): void;
  /** Changes the address shown without loading a page. */
  replaceAddress(url: string): void;
  fetch: typeof globalThis.fetch;
  /** The tab's storage; undefined where there is none (or it is refused). */
  sessionStorage(): Storage | undefined;
  /** The browser's storage for this site, kept across visits; undefined where there is none (or it is refused). */
  localStorage(): Storage | undefined;
  /** The page's document, for what the server drew into it (its language, texts, notice slots); undefined on the server. */
  document(): Document | undefined;
  /** Sets one cookie, as `document.cookie = …` does. */
  writeCookie(cookie: string): void;
}

const NO_PAGE = { origin: '', pathname: '', search: '', protocol: '' };

/** A storage, or undefined where reading it throws (storage refused by the visitor's settings). */
function storage(name: 'sessionStorage' | 'localStorage'): Storage | undefined {
  try {
    return globalThis[name];
  } catch {
    return undefined;
  }
}

const real: Browser = {
  location: () => globalThis.location ?? NO_PAGE,
  assign: (url) => globalThis.location.assign(url),
  replace: (url) => globalThis.location.replace(url),
  replaceAddress: (url) => globalThis.history.replaceState(globalThis.history.state, '', url),
  fetch: (input, init) => globalThis.fetch(input, init),
  sessionStorage: () => storage('sessionStorage'),
  localStorage: () => storage('localStorage'),
  document: () => (typeof document === 'undefined' ? undefined : document),
  writeCookie: (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
};

let current: Browser = real;

export function browser(): Browser {
  return current;
}

/** Tests: puts their own in place of parts of the browser until `restoreBrowser`. */
export function replaceBrowser(change: Partial<Browser>): void {
  current = { ...current, ...change };
}

export function restoreBrowser(): void {
  current = real;
}
