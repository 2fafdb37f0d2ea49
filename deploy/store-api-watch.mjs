// Whether the store API answers, as an operator follows it: the gauge store_api_up (1 or 0) and
// one log line each time the answer changes (a warning when it stops answering, info when it is
// back). It never takes the instance out of readiness (deploy/health.mjs says why).
import client from 'prom-client';

const CHECK_TIMEOUT_MS = 2000;
export const STORE_API_CHECK_INTERVAL_MS = 10_000;

/**
 * @param {{
 *   storeApiUrl: string,
 *   logger: { info: (fields: object, msg: string) => void, warn: (fields: object, msg: string) => void },
 *   intervalMs?: number,
 *   fetch?: typeof globalThis.fetch,
 * }} options
 */
export function watchStoreApi(options) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const healthUrl = new URL('health', options.storeApiUrl);
  const gauge =
    /** @type {import('prom-client').Gauge | undefined} */ (client.register.getSingleMetric('store_api_up')) ??
    new client.Gauge({
      name: 'store_api_up',
      help: 'Whether the store API answered its last health check (1) or not (0).',
    });
  /** @type {boolean | null} */
  let up = null;

  /** One check: updates the gauge, logs a change. @returns {Promise<boolean>} */
  const check = async () => {
    const answered = await fetchImpl(healthUrl, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        return response.ok ? { ok: true } : { ok: false, status: response.status };
      })
      .catch((/** @type {unknown} */ error) => ({
        ok: false,
        error:
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
      }));
    gauge.set(answered.ok ? 1 : 0);
    if (answered.ok !== up) {
      const { ok, ...why } = answered;
      if (ok) options.logger.info({ storeApi: healthUrl.origin }, 'store API answering');
      else options.logger.warn({ storeApi: healthUrl.origin, ...why }, 'store API not answering');
    }
    up = answered.ok;
    return answered.ok;
  };

  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  return {
    check,
    /** Checks now and then every interval; the timer never keeps the process alive. */
    start() {
      void check();
      timer = setInterval(() => void check(), options.intervalMs ?? STORE_API_CHECK_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
