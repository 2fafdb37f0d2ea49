// One JSON line per event on stdout, the same shape from the production entry and from the site.
import pino from 'pino';
import { instanceName } from '../../../fatal-line.mjs';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * LOG_LEVEL, or info. An unknown level is refused rather than silently logging nothing.
 * @param {string | undefined} value
 */
export function logLevelOf(value) {
  if (value === undefined || value === '') return 'info';
  if (!LEVELS.includes(value)) throw new Error(`Invalid LOG_LEVEL: ${value} (allowed: ${LEVELS.join(', ')})`);
  return value;
}

// Lines never carry these, whatever a caller passes by mistake: tokens, passwords, cards, e-mails.
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'token',
  'accessToken',
  'refreshToken',
  'password',
  'card',
  'cardNumber',
  'cvv',
  'email',
];
export const REDACTED_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)];

/**
 * @param {{ level?: string, destination?: import('pino').DestinationStream }} [options]
 * @returns {import('pino').Logger}
 */
export function createLogger(options = {}) {
  return pino(
    {
      level: logLevelOf(options.level ?? process.env.LOG_LEVEL),
      base: { instance: instanceName() },
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    // Synchronous: a line is on stdout before the response it describes is finished, and none is
    // lost when the process exits after a drain.
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
