// Stopping an instance without losing a request (SIGTERM from systemd, Docker or a deploy).
//  1. Grace: readiness answers 503 and every answer closes its connection, so a balancer with
//     health checks stops sending and a proxy stops reusing connections; requests are served.
//  2. Leaving: for a proxy that still sends (nginx has no active health checks), a GET or HEAD is
//     not answered: its connection is closed unanswered, which nginx reads as an error of this
//     instance, retries on another and counts against this one until it stops choosing it; other
//     methods are still served, because a proxy never replays them. A closed connection is the one
//     signal of leaving: an answer of any status belongs to the page (a 503 says the store API
//     behind every instance is out, which another instance cannot mend), so nginx retries none.
//  3. Once no request has come for a moment (or the leaving phase ends), the listener closes, so
//     no connection waits unaccepted; requests in flight finish; what the instance still holds
//     for others (queued page views) is handed over; the process exits 0.
// Past the deadline (longer than the store API timeout, so a call in flight still gets its
// answer) it exits 1.

const QUIET_MS = 500;
const LEAVING_MAX_MS = 5000;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * @param {import('node:http').Server} server
 * @param {{
 *   graceMs: number,
 *   timeoutMs: number,
 *   quietMs?: number,
 *   leavingMaxMs?: number,
 *   exit?: (code: number) => void,
 *   logger?: { info: (fields: object, msg: string) => void, warn: (fields: object, msg: string) => void },
 *   beforeExit?: () => Promise<unknown>,
 * }} options
 */
export function createDrain(server, options) {
  const exitProcess = options.exit ?? ((code) => process.exit(code));
  const logger = options.logger ?? { info: () => undefined, warn: () => undefined };
  const quietMs = options.quietMs ?? QUIET_MS;
  /** @type {'serving' | 'grace' | 'leaving'} */
  let phase = 'serving';
  let lastRequestAt = 0;
  let exited = false;
  const exit = (code) => {
    if (exited) return;
    exited = true;
    exitProcess(code);
  };

  /**
   * Called first for every request: marks answers given while draining so their connection is not
   * reused, and once the instance is leaving closes a GET's connection unanswered.
   * @returns {boolean} whether the request was dealt with here
   */
  const handle = (req, res) => {
    if (phase === 'serving') return false;
    lastRequestAt = Date.now();
    res.shouldKeepAlive = false;
    res.setHeader('Connection', 'close');
    if (phase !== 'leaving' || !SAFE_METHODS.has(req.method ?? 'GET')) return false;
    req.socket.destroy();
    return true;
  };

  const closeListener = () => {
    const deadline = setTimeout(() => {
      logger.warn({ timeoutMs: options.timeoutMs }, 'drain deadline passed with requests still in flight');
      server.closeAllConnections();
      exit(1);
    }, options.timeoutMs);
    deadline.unref();
    // A request that was in flight when draining began may leave its connection open: close
    // each connection as soon as it goes idle.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    closeIdle.unref();
    server.close(() => {
      clearInterval(closeIdle);
      // Within the same deadline: a hand-over that hangs ends with exit 1 like a request would.
      void Promise.resolve(options.beforeExit?.())
        .catch((/** @type {unknown} */ error) =>
          logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'hand-over before exit failed'),
        )
        .then(() => {
          clearTimeout(deadline);
          logger.info({}, 'drained, exiting');
          exit(0);
        });
    });
    server.closeIdleConnections();
  };

  const leave = () => {
    phase = 'leaving';
    const leftAt = Date.now();
    const waitForQuiet = setInterval(
      () => {
        const now = Date.now();
        if (now - lastRequestAt < quietMs && now - leftAt < (options.leavingMaxMs ?? LEAVING_MAX_MS)) return;
        clearInterval(waitForQuiet);
        closeListener();
      },
      Math.min(100, quietMs),
    );
  };

  const start = () => {
    if (phase !== 'serving') return;
    phase = 'grace';
    logger.info(
      { graceMs: options.graceMs, timeoutMs: options.timeoutMs },
      'draining: serving the grace period, then finishing requests in flight',
    );
    setTimeout(leave, options.graceMs);
  };

  return { start, handle, isDraining: () => phase !== 'serving' };
}
