// Build-time changes to the server runtime of Astro, its Node adapter and its React renderer that
// take work repeated on every request out of the request path (measured with `node --cpu-prof`
// under load; README, "Serving"). Each change names the exact source it replaces and fails the
// build when that source is not found (a new release), so none is ever silently skipped.

/** Distinct CSP inputs remembered at most: a page's styles and scripts, a few per route. */
export const CSP_DIGEST_CACHE_SIZE = 512;

/**
 * @typedef {{ file: string, name: string, find: string, replace: string }} SourceChange `file` under node_modules/
 */

/** @type {readonly SourceChange[]} */
export const SOURCE_CHANGES = [
  {
    // Astro hashes each inlined style sheet and script of a page again on every request (the
    // cart's 31 KB of CSS among them) to list it in the CSP. Those inputs come from the build, so
    // a digest is kept once computed, keyed by the input string itself (the same string on every
    // request, whose hash V8 computes once). Inputs past the cache's size are hashed as before.
    file: 'astro/dist/core/encryption.js',
    name: 'CSP digests computed once per input',
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
  {
    // The standalone handler looks every request up in dist/client (lstat, then `send` stats the
    // path and its index.html) before it renders. The production entry answers built files from
    // memory itself, so it is handed the renderer alone for paths no built file can answer.
    file: '@astrojs/node/dist/standalone.js',
    name: 'the page handler exposed beside the standalone handler',
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
  {
    // Astro serializes an island's props twice per request: once for the island's id, once for
    // its attribute. Once is enough; the attribute reads what the id was made of.
    file: 'astro/dist/runtime/server/render/component.js',
    name: 'island props serialized once (id)',
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
    name: 'island props serialized once (attribute)',
    find: '    island.props["props"] = escapeHTML(serializeProps(props, metadata));',
    replace:
      '    island.props["props"] = escapeHTML(scriptOptions.serializedProps ?? serializeProps(props, metadata));',
  },
  {
    // The phrases handed to each island are a frozen record per locale (src/lib/i18n/messages.ts),
    // about a hundred strings that Astro would wrap one by one on every request; a frozen record
    // of strings cannot change, so its wrapped form is made once.
    file: 'astro/dist/runtime/server/serialize.js',
    name: 'frozen records of text serialized once',
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
    name: 'frozen records of text serialized once (cache)',
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
  {
    // React's web-stream renderer costs a ReadableStream, its reader and a TextDecoder per island
    // per request, for HTML that is read whole anyway. No island suspends, so the synchronous
    // renderer gives the same HTML, with the same id prefix; a form post answered with React form
    // state (which only the stream renderer takes) still goes through the stream.
    file: '@astrojs/react/dist/server.js',
    name: 'islands rendered to a string',
    find: ['  if (opts.experimentalDisableStreaming) {', '    html = ReactDOM.renderToString(vnode);'].join('\n'),
    replace: [
      '  if (opts.experimentalDisableStreaming || !formState) {',
      '    html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });',
    ].join('\n'),
  },
];

/**
 * The source of a module with the changes that apply to it; throws when one's source is gone.
 * @param {string} id the module's file path
 * @param {string} source
 * @param {readonly SourceChange[]} [changes]
 */
export function changeSource(id, source, changes = SOURCE_CHANGES) {
  const path = id.split('?')[0] ?? '';
  let code = source;
  for (const change of changes) {
    if (!path.endsWith(`/node_modules/${change.file}`)) continue;
    const at = code.indexOf(change.find);
    if (at === -1 || code.indexOf(change.find, at + 1) !== -1) {
      throw new Error(
        `${path} no longer has the source of "${change.name}" exactly once: review scripts/build/ssr-runtime.mjs`,
      );
    }
    code = `${code.slice(0, at)}${change.replace}${code.slice(at + change.find.length)}`;
  }
  return code;
}

/** @returns {import('vite').Plugin} */
export function ssrRuntime() {
  return {
    name: 'parts-store:ssr-runtime',
    enforce: 'pre',
    transform(code, id) {
      const changed = changeSource(id, code);
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
