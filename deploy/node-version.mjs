// The Node the site runs on. The production entry imports this first, so an older Node stops with
// one line naming the version needed before any module that needs a newer one is evaluated.
// package.json's engines, .nvmrc, the Dockerfile's image and the systemd unit say the same (a
// unit test holds them to it).
import { stopStart } from '../src/fatal-line.mjs';

export const REQUIRED_NODE_MAJOR = 24;

/** @param {string} version process.versions.node */
export function isSupportedNode(version) {
  return Number(version.split('.')[0]) >= REQUIRED_NODE_MAJOR;
}

if (!isSupportedNode(process.versions.node))
  stopStart(`The parts store needs Node ${REQUIRED_NODE_MAJOR} or newer; this is Node ${process.versions.node}.`, {
    required: `>=${REQUIRED_NODE_MAJOR}`,
  });
