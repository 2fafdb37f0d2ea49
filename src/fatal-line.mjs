// A start that cannot go on (an old Node, a bad setting, a taken port) ends with one JSON line on
// stderr, shaped like the logger's lines. No package is loaded here: it must work before anything
// else can, on any Node.
import { hostname } from 'node:os';

/** Which instance wrote a line: INSTANCE_ID when the platform names it, else host and process. */
export function instanceName(env = process.env) {
  return env.INSTANCE_ID || `${hostname()}:${process.pid}`;
}

/**
 * @param {string} message
 * @param {Record<string, unknown>} [fields]
 */
export function fatalLine(message, fields = {}) {
  return JSON.stringify({
    level: 'fatal',
    time: new Date().toISOString(),
    instance: instanceName(),
    ...fields,
    msg: message,
  });
}

/**
 * Writes the line and ends the process with exit code 1.
 * @param {string} message
 * @param {Record<string, unknown>} [fields]
 * @returns {never}
 */
export function stopStart(message, fields) {
  process.stderr.write(`${fatalLine(message, fields)}\n`);
  process.exit(1);
}
