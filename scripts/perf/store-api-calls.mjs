// How many calls the store API receives while the site renders one page: the reference store API
// writes one JSON line per request it answers (store-api/main.ts), and nothing else asks it
// anything while the page is fetched, so the lines that arrive meanwhile are the page's calls.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @param {{ child: import('node:child_process').ChildProcess }} api a store API from startStoreApi
 * @param {() => Promise<unknown>} render fetches the page whole
 * @returns {Promise<{ calls: number, routes: string[] }>} the calls and the route of each, in order
 */
export async function storeApiCallsDuring(api, render) {
  /** @type {string[]} */
  const routes = [];
  let pending = '';
  const listen = (/** @type {Buffer} */ chunk) => {
    const lines = `${pending}${chunk}`.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry?.msg === 'request') routes.push(`${entry.method} ${entry.route}`);
      } catch {
        // not a log line of the API's own
      }
    }
  };
  api.child.stdout?.on('data', listen);
  try {
    await render();
    // The last lines are written after their answers: a moment for them to arrive.
    await sleep(300);
  } finally {
    api.child.stdout?.off('data', listen);
  }
  return { calls: routes.length, routes };
}
