import type { ProxyMessages } from '~/lib/server/proxy/handler';

/** The proxy's visitor-facing texts in server tests: short, so an assertion names which one came back. */
export const TEST_PROXY_MESSAGES: ProxyMessages = {
  timeout: 'timed out',
  unreachable: 'unreachable',
  loggedOut: 'You were logged out!',
  tooLarge: 'too large',
  unreadable: 'unreadable',
  purchasesBlocked: 'Purchases are paused',
};
