// Build-time patches of the server runtime of Astro, its Node adapter and its React renderer that
// take work repeated on every request out of the request path (measured with `node --cpu-prof`
// under load; docs/DEPLOYMENT.md, "Build-time patches"). Each is kept only while it saves at least
// a tenth of a request's server CPU (`node scripts/patch-cost.mjs`). Each names the exact source it
// replaces, and when an installed release no longer has that source exactly once the build fails,
// naming the patch, rather than ship it unpatched: re-derive it against the new release, or turn it
// off with BUILD_UNPATCHED (`all`, or patch ids separated by commas).
import { readFileSync } from 'node:fs';

/**
 * @typedef {{ file: string, find: string, replace: string }} Edit `file` under node_modules/
 * @typedef {{ id: string, name: string, edits: readonly Edit[] }} Patch applied whole or not at all
 */

/** @type {readonly Patch[]} */
export const PATCHES = [
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
 * @param {{ sourceOf?: (file: string) => string | null, env?: NodeJS.ProcessEnv }} [options]
 * @returns {import('vite').Plugin}
 */
export function ssrRuntime({ sourceOf = installedSource, env = process.env } = {}) {
  const unpatched = unpatchedIds(env['BUILD_UNPATCHED']);
  const { applied, moved } = planPatches(sourceOf, unpatched);
  if (moved.length > 0) {
    throw new Error(
      moved
        .map(
          ({ patch, reason }) =>
            `patch "${patch.id}" (${patch.name}) no longer applies: ${reason}. Re-derive it in scripts/build/ssr-runtime.mjs against the installed release, or build with BUILD_UNPATCHED=${patch.id}.`,
        )
        .join('\n'),
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
