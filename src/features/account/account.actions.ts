import { actions } from 'astro:actions';

// The account page's actions, which the page posts and reads; the island calls them by name
// (account.action-calls.ts), so no island loads Astro's actions client.

/** The account page's two forms, as the page posts them and reads their results. */
export const accountActions = {
  changeEmail: actions.account.changeEmail,
  changePassword: actions.account.changePassword,
};
