// The cookies a Lighthouse run starts with, put in the browser's own jar. Sent as an extra
// header instead, they are dropped as soon as the jar holds any cookie of the site (the first
// private page sets one), and the island's own calls never carry them: the pages behind a
// session were measured as the sign-in page they redirect to.

/**
 * `name=value; name=value` as the DevTools protocol's cookie parameters for one site.
 * @param {string | undefined} header
 * @param {string} url
 * @returns {{ name: string, value: string, url: string }[]}
 */
export function cookieParams(header, url) {
  if (!header) return [];
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
}

/**
 * Empties the browser's cookie jar and fills it with `header`'s cookies for `url`.
 * @param {number} debuggingPort the browser's remote debugging port
 * @param {string} url
 * @param {string | undefined} header
 */
export async function replaceBrowserCookies(debuggingPort, url, header) {
  const version = await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json();
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      const sent = id;
      const onMessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.id !== sent) return;
        socket.removeEventListener('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: sent, method, params }));
    });
  try {
    await send('Storage.clearCookies');
    const cookies = cookieParams(header, url);
    if (cookies.length > 0) await send('Storage.setCookies', { cookies });
  } finally {
    socket.close();
  }
}
