import { actions } from 'astro:actions';

// Where the header's session forms post. The login and recover forms post to their own pages
// (formActionPath), so no page loads Astro's actions client.

/** Where the header's Log out and Guest/Exit forms post: each action's query string ("?_action=…"). */
export const headerSessionActions = {
  logout: actions.session.logout.queryString,
  exitGuest: actions.session.exitGuest.queryString,
};
