// Build-time patches of the server runtime of Astro, its Node adapter and its React renderer that
// take work repeated on every request out of the request path (measured with `node --cpu-prof`
// under load; docs/DEPLOYMENT.md, "Build-time patches"). They are optional: each names the exact
// source it replaces, and when an installed release no longer has that source exactly once, the
// build prints one warning naming the patch and ships that piece unpatched. BUILD_UNPATCHED turns
// patches off: `all`, or patch ids separated by commas.
import { readFileSync } from 'node:fs';

/** Distinct CSP inputs remembered at most: a page's styles and scripts, a few per route. */
export const CSP_DIGEST_CACHE_SIZE = 512;

/** Characters of a page encoded at a time: a piece with what follows it stays a young object. */
export const PAGE_PIECE_LENGTH = 8192;

/**
 * @typedef {{ file: string, find: string, replace: string }} Edit `file` under node_modules/
 * @typedef {{ id: string, name: string, edits: readonly Edit[] }} Patch applied whole or not at all
 */

/** @type {readonly Patch[]} */
export const PATCHES = [
  {
    // Astro hashes each inlined style sheet and script of a page again on every request (the
    // cart's 31 KB of CSS among them) to list it in the CSP. Those inputs come from the build, so
    // a digest is kept once computed, keyed by the input string itself (the same string on every
    // request, whose hash V8 computes once). Inputs past the cache's size are hashed as before.
    id: 'csp-digests',
    name: 'CSP digests computed once per input',
    edits: [
      {
        file: 'astro/dist/core/encryption.js',
        find: 'async function generateCspDigest(data, algorithm) {',
        replace: [
          'const cspDigests = new Map();',
          'let cspDigestCount = 0;',
          'function generateCspDigest(data, algorithm) {',
          '  let byData = cspDigests.get(algorithm);',
          '  if (!byData) cspDigests.set(algorithm, (byData = new Map()));',
          '  const known = byData.get(data);',
          '  if (known) return known;',
          '  const digest = computeCspDigest(data, algorithm);',
          `  if (cspDigestCount < ${CSP_DIGEST_CACHE_SIZE}) {`,
          '    cspDigestCount += 1;',
          '    byData.set(data, digest);',
          '    digest.catch(() => byData.delete(data));',
          '  }',
          '  return digest;',
          '}',
          'async function computeCspDigest(data, algorithm) {',
        ].join('\n'),
      },
    ],
  },
  {
    // The standalone handler looks every request up in dist/client (lstat, then `send` stats the
    // path and its index.html) before it renders. The production entry hands a path no built file
    // can answer to the renderer alone (without this patch it uses the whole handler:
    // deploy/site-handler.mjs).
    id: 'page-handler',
    name: 'the page handler exposed beside the standalone handler',
    edits: [
      {
        file: '@astrojs/node/dist/standalone.js',
        find: [
          '  return (req, res) => {',
          '    try {',
          '      decodeURI(req.url);',
          '    } catch {',
          '      res.writeHead(400);',
          '      res.end("Bad request.");',
          '      return;',
          '    }',
          '    staticHandler(req, res, () => appHandler(req, res));',
          '  };',
          '}',
        ].join('\n'),
        replace: [
          '  const handler = (req, res) => {',
          '    try {',
          '      decodeURI(req.url);',
          '    } catch {',
          '      res.writeHead(400);',
          '      res.end("Bad request.");',
          '      return;',
          '    }',
          '    staticHandler(req, res, () => appHandler(req, res));',
          '  };',
          '  handler.appHandler = appHandler;',
          '  return handler;',
          '}',
        ].join('\n'),
      },
    ],
  },
  {
    // Astro serializes an island's props twice per request: once for the island's id, once for
    // its attribute. Once is enough; the attribute reads what the id was made of.
    id: 'props-once',
    name: 'island props serialized once',
    edits: [
      {
        file: 'astro/dist/runtime/server/render/component.js',
        find: [
          '  const astroId = shorthash(',
          '    `<!--${metadata.componentExport.value}:${metadata.componentUrl}-->',
          '${html}',
          '${serializeProps(',
          '      props,',
          '      metadata',
          '    )}`',
          '  );',
          '  const island = await generateHydrateScript(',
          '    { renderer, result, astroId, props, attrs },',
        ].join('\n'),
        replace: [
          '  const serializedProps = serializeProps(props, metadata);',
          '  const astroId = shorthash(',
          '    `<!--${metadata.componentExport.value}:${metadata.componentUrl}-->',
          '${html}',
          '${serializedProps}`',
          '  );',
          '  const island = await generateHydrateScript(',
          '    { renderer, result, astroId, props, attrs, serializedProps },',
        ].join('\n'),
      },
      {
        file: 'astro/dist/runtime/server/hydration.js',
        find: '    island.props["props"] = escapeHTML(serializeProps(props, metadata));',
        replace:
          '    island.props["props"] = escapeHTML(scriptOptions.serializedProps ?? serializeProps(props, metadata));',
      },
    ],
  },
  {
    // The phrases handed to each island are a frozen record per locale (src/lib/i18n/messages.ts),
    // about a hundred strings that Astro would wrap one by one on every request; a frozen record
    // of strings cannot change, so its wrapped form is made once.
    id: 'text-records',
    name: 'frozen records of text serialized once',
    edits: [
      {
        file: 'astro/dist/runtime/server/serialize.js',
        find: [
          '      if (value !== null && typeof value === "object") {',
          '        return [PROP_TYPE.Value, serializeObject(value, metadata, parents)];',
          '      }',
        ].join('\n'),
        replace: [
          '      if (value !== null && typeof value === "object") {',
          '        return [PROP_TYPE.Value, serializedTextRecord(value) ?? serializeObject(value, metadata, parents)];',
          '      }',
        ].join('\n'),
      },
      {
        file: 'astro/dist/runtime/server/serialize.js',
        find: 'function serializeProps(props, metadata) {',
        replace: [
          'const textRecords = new WeakMap();',
          'function serializedTextRecord(value) {',
          '  if (!Object.isFrozen(value) || Object.getPrototypeOf(value) !== Object.prototype) return undefined;',
          '  let serialized = textRecords.get(value);',
          '  if (serialized === undefined) {',
          '    const entries = Object.entries(value);',
          '    serialized = entries.every(([, text]) => typeof text === "string")',
          '      ? Object.fromEntries(entries.map(([key, text]) => [key, [PROP_TYPE.Value, text]]))',
          '      : null;',
          '    textRecords.set(value, serialized);',
          '  }',
          '  return serialized ?? undefined;',
          '}',
          'function serializeProps(props, metadata) {',
        ].join('\n'),
      },
    ],
  },
  {
    // React's web-stream renderer costs a ReadableStream, its reader and a TextDecoder per island
    // per request, for HTML that is read whole anyway. No island suspends, so the synchronous
    // renderer gives the same HTML, with the same id prefix; a form post answered with React form
    // state (which only the stream renderer takes) still goes through the stream.
    id: 'string-islands',
    name: 'islands rendered to a string',
    edits: [
      {
        file: '@astrojs/react/dist/server.js',
        find: ['  if (opts.experimentalDisableStreaming) {', '    html = ReactDOM.renderToString(vnode);'].join('\n'),
        replace: [
          '  if (opts.experimentalDisableStreaming || !formState) {',
          '    html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });',
        ].join('\n'),
      },
    ],
  },
  {
    // A page's HTML is built as one string and encoded whole: encoding flattens it, and a page
    // holding one character past Latin-1 (the cart's CSS has a ✓) flattens to two bytes a
    // character, 150 KB for the cart, past V8's largest young object, so every render put a dead
    // string straight into the old generation and the instance spent its time in full collections.
    // Encoded a few KB at a time, each flat piece dies young; the bytes are the same.
    id: 'page-pieces',
    name: 'page HTML encoded in pieces',
    edits: [
      {
        file: 'astro/dist/runtime/server/render/astro/render.js',
        find: ['async function renderStreamToString(result, templateResult, isPage) {', '  let str = "";'].join('\n'),
        replace: [
          `const PAGE_PIECE_LENGTH = ${PAGE_PIECE_LENGTH};`,
          'function joinPieces(pieces) {',
          '  let length = 0;',
          '  for (const piece of pieces) length += piece.byteLength;',
          '  const bytes = new Uint8Array(length);',
          '  let at = 0;',
          '  for (const piece of pieces) {',
          '    bytes.set(piece, at);',
          '    at += piece.byteLength;',
          '  }',
          '  return bytes;',
          '}',
          'async function renderStreamToString(result, templateResult, isPage) {',
          '  let str = "";',
          '  const pieces = [];',
        ].join('\n'),
      },
      {
        file: 'astro/dist/runtime/server/render/astro/render.js',
        find: [
          '      if (chunk instanceof Response) return;',
          '      str += chunkToString(result, chunk);',
          '    }',
          '  };',
          '  await renderStreaming(templateResult, result, destination);',
          '  return str;',
        ].join('\n'),
        replace: [
          '      if (chunk instanceof Response) return;',
          '      str += chunkToString(result, chunk);',
          '      if (isPage && str.length >= PAGE_PIECE_LENGTH) {',
          '        pieces.push(encoder.encode(str));',
          '        str = "";',
          '      }',
          '    }',
          '  };',
          '  await renderStreaming(templateResult, result, destination);',
          '  if (pieces.length === 0) return str;',
          '  pieces.push(encoder.encode(str));',
          '  return joinPieces(pieces);',
        ].join('\n'),
      },
      {
        file: 'astro/dist/runtime/server/render/page.js',
        find: [
          '  if (!streaming && typeof body === "string") {',
          '    body = encoder.encode(body);',
          '    headers.set("Content-Length", body.byteLength.toString());',
          '  }',
        ].join('\n'),
        replace: [
          '  if (!streaming && typeof body === "string") body = encoder.encode(body);',
          '  if (!streaming && body instanceof Uint8Array) headers.set("Content-Length", body.byteLength.toString());',
        ].join('\n'),
      },
    ],
  },
];

/**
 * The patch ids BUILD_UNPATCHED turns off: `all`, or ids separated by commas.
 * @param {string | undefined} value
 * @param {readonly Patch[]} [patches]
 * @returns {Set<string>}
 */
export function unpatchedIds(value, patches = PATCHES) {
  const named = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (named.includes('all')) return new Set(patches.map((patch) => patch.id));
  const unknown = named.filter((id) => !patches.some((patch) => patch.id === id));
  if (unknown.length > 0) {
    throw new Error(
      `BUILD_UNPATCHED names no patch ${unknown.join(', ')} (known: all, ${patches.map((patch) => patch.id).join(', ')})`,
    );
  }
  return new Set(named);
}

/**
 * Which patches the installed packages can take: every edit's source found exactly once, in the
 * file as installed. A patch with one edit missing is skipped whole, with the reason.
 * @param {(file: string) => string | null} sourceOf the installed source of a file under node_modules/, or null
 * @param {Set<string>} [unpatched] ids turned off
 * @param {readonly Patch[]} [patches]
 */
export function planPatches(sourceOf, unpatched = new Set(), patches = PATCHES) {
  /** @type {Patch[]} */
  const applied = [];
  /** @type {{ patch: Patch, reason: string }[]} */
  const moved = [];
  for (const patch of patches) {
    if (unpatched.has(patch.id)) continue;
    const missing = patch.edits.find((edit) => occurrences(sourceOf(edit.file) ?? '', edit.find) !== 1);
    if (missing) moved.push({ patch, reason: `${missing.file} no longer has the source it replaces exactly once` });
    else applied.push(patch);
  }
  return { applied, moved };
}

/** @param {string} text @param {string} part */
function occurrences(text, part) {
  let count = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + 1)) count += 1;
  return count;
}

/**
 * The source of a module with the edits of the applied patches that concern it.
 * @param {string} id the module's file path
 * @param {string} source
 * @param {readonly Patch[]} applied
 */
export function changeSource(id, source, applied) {
  const path = id.split('?')[0] ?? '';
  let code = source;
  for (const edit of applied.flatMap((patch) => patch.edits)) {
    if (!path.endsWith(`/node_modules/${edit.file}`)) continue;
    const at = code.indexOf(edit.find);
    if (at === -1) continue;
    code = `${code.slice(0, at)}${edit.replace}${code.slice(at + edit.find.length)}`;
  }
  return code;
}

/** @param {string} file */
function installedSource(file) {
  try {
    return readFileSync(new URL(`../../node_modules/${file}`, import.meta.url), 'utf8');
  } catch {
    return null;
  }
}

/**
 * @param {{ sourceOf?: (file: string) => string | null, env?: NodeJS.ProcessEnv, warn?: (line: string) => void }} [options]
 * @returns {import('vite').Plugin}
 */
export function ssrRuntime({ sourceOf = installedSource, env = process.env, warn = console.warn } = {}) {
  const unpatched = unpatchedIds(env['BUILD_UNPATCHED']);
  const { applied, moved } = planPatches(sourceOf, unpatched);
  for (const { patch, reason } of moved) {
    warn(
      `[build] patch "${patch.id}" (${patch.name}) skipped: ${reason}; this build ships it unpatched (scripts/build/ssr-runtime.mjs).`,
    );
  }
  return {
    name: 'parts-store:ssr-runtime',
    enforce: 'pre',
    transform(code, id) {
      const changed = changeSource(id, code, applied);
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
