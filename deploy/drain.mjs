// Stopping an instance without losing a request (SIGTERM from systemd, Docker or a deploy):
// readiness turns 503 and every answer closes its connection, so the proxy in front stops reusing
// them; new requests are still served for a grace period while the proxy notices; then the
// listener closes, requests in flight finish, and the process exits 0. Past the deadline (longer
// than the store API timeout, so a call in flight still gets its answer) it exits 1.

/**
 * @param {import('node:http').Server} server
 * @param {{ graceMs: number, timeoutMs: number, exit?: (code: number) => void, log?: (line: string) => void }} options
 */
export function createDrain(server, options) {
  const exitProcess = options.exit ?? ((code) => process.exit(code));
  let exited = false;
  const exit = (code) => {
    if (exited) return;
    exited = true;
    exitProcess(code);
  };
  const log = options.log ?? (() => undefined);
  let draining = false;

  /** Marks an answer given while draining so its connection is not reused. */
  const markResponse = (res) => {
    if (draining) {
      res.shouldKeepAlive = false;
      res.setHeader('Connection', 'close');
    }
  };

  const start = () => {
    if (draining) return;
    draining = true;
    log(`draining: serving ${options.graceMs} ms more, then finishing requests in flight (at most ${options.timeoutMs} ms)`);
    setTimeout(() => {
      const deadline = setTimeout(() => {
        log('drain deadline passed with requests still in flight');
        server.closeAllConnections();
        exit(1);
      }, options.timeoutMs);
      deadline.unref();
      // A request that was in flight when draining began may leave its connection open: close
      // each connection as soon as it goes idle.
      const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
      closeIdle.unref();
      server.close(() => {
        clearTimeout(deadline);
        clearInterval(closeIdle);
        exit(0);
      });
      server.closeIdleConnections();
    }, options.graceMs).unref();
  };

  return { start, markResponse, isDraining: () => draining };
}
