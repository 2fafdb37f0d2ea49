import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '~/config';

const ROOT = resolve(import.meta.dirname, '..');
/**
 * A newcomer reads README in five minutes and each doc as its topic comes up: the whole stays a
 * morning's reading. It rose from 80 KB when the breakers per call group, the order record and
 * the server-drawn follow-up pages each needed their page.
 */
const DOCS_BUDGET_BYTES = 90 * 1024;

/** README.md and every docs/*.md, as repository paths. */
function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Folders a path in the docs may start with; anything else in backticks is a URL, a value or a name. */
const ROOT_FOLDERS = [
  'src',
  'deploy',
  'scripts',
  'e2e',
  'tests',
  'store-api',
  'docs',
  'public',
  'locales',
  'bench',
  '.ci',
];
/** The docs also name files under src/ from src: `lib/session/renewal.ts`. */
const SRC_FOLDERS = ['lib', 'features', 'components', 'pages', 'middleware', 'actions', 'layouts', 'styles'];
/** Files at the repository's root, named without a folder. */
const ROOT_FILE =
  /^(?:\.nvmrc|\.dockerignore|[\w-]+\.config\.(?:m?js|ts)|package(?:-lock)?\.json|tsconfig\.json|knip\.jsonc|README\.md)$/;

/**
 * The repository paths a document names, relative to the root: backticked paths under a known
 * folder (placeholders like `<lang>` and globs allowed) and the targets of relative links.
 */
function namedPaths(text: string, docPath: string): string[] {
  const paths: string[] = [];
  for (const [, code = ''] of text.matchAll(/`([^`\n]+)`/g)) {
    const path = code.replace(/[#?].*$/, '').replace(/[.,:;)]+$/, '');
    const first = path.split('/')[0] ?? '';
    if (path.includes('/') && ROOT_FOLDERS.includes(first)) paths.push(path);
    else if (path.includes('/') && SRC_FOLDERS.includes(first)) paths.push(`src/${path}`);
    else if (ROOT_FILE.test(path)) paths.push(path);
  }
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    const path = target.replace(/#.*$/, '');
    paths.push(relative(ROOT, resolve(ROOT, dirname(docPath), path)) || '.');
  }
  return paths;
}

/** One segment of a named path as a pattern: `<lang>` stands for any name, `*` for any run. */
function segmentPattern(segment: string): RegExp | null {
  if (!/[<*]/.test(segment)) return null;
  const parts = segment.split(/(<[^>]+>|\*)/).map((part) => {
    if (part.startsWith('<') || part === '*') return '.+';
    return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

/** Whether some file or folder of the repository answers the path, placeholders included. */
function pathExists(path: string, root: string = ROOT): boolean {
  const segments = path.split('/').filter(Boolean);
  let found = [root];
  for (const segment of segments) {
    const pattern = segmentPattern(segment);
    found = found.flatMap((base) => {
      if (!pattern) return isThere(join(base, segment)) ? [join(base, segment)] : [];
      return entriesOf(base)
        .filter((name) => pattern.test(name))
        .map((name) => join(base, name));
    });
    if (found.length === 0) return false;
  }
  return true;
}

function isThere(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function entriesOf(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** Variables named in the first column of CONFIGURATION.md's tables. */
function documentedVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const [, name = ''] of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name);
  }
  return names;
}

/** Source files of the site, the deployment, the scripts and the store API (not their tests). */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:m?js|tsx?|astro)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes('node_modules'));
}

/** Environment variables a file reads (`process.env.X`, `env.X`, `env['X']`), not those it only sets. */
function variablesRead(source: string): string[] {
  const reads = source.matchAll(
    /\b(?:env|environment)(?:\.([A-Z][A-Z0-9_]*)\b|\[['"]([A-Z][A-Z0-9_]*)['"]\])(?!\s*=(?!=))/g,
  );
  return [...reads].map(([, dotted, quoted]) => dotted ?? quoted ?? '');
}

describe('README.md and docs/', () => {
  it('stay within 90 KB together', () => {
    const bytes = docFiles().reduce((sum, path) => sum + statSync(join(ROOT, path)).size, 0);
    expect(bytes).toBeLessThanOrEqual(DOCS_BUDGET_BYTES);
  });

  it('name only paths that exist in the repository', () => {
    const missing = docFiles().flatMap((doc) =>
      namedPaths(read(doc), doc)
        .filter((path) => !pathExists(path))
        .map((path) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('find a made-up path missing, and placeholders and globs answered', () => {
    const named = namedPaths(
      'See `src/lib/http/made-up.ts`, `locales/<lang>/seo.json` and [x](../deploy/nginx.conf).',
      'docs/X.md',
    );
    expect(named).toEqual(['src/lib/http/made-up.ts', 'locales/<lang>/seo.json', 'deploy/nginx.conf']);
    expect(named.map((path) => pathExists(path))).toEqual([false, true, true]);
    expect(pathExists('deploy/*.mjs')).toBe(true);
    expect(pathExists('deploy/*.cjs')).toBe(false);
  });
});

describe('docs/CONFIGURATION.md', () => {
  const documented = documentedVariables(read('docs/CONFIGURATION.md'));
  const sources = ['src', 'deploy', 'scripts', 'store-api']
    .flatMap(sourceFiles)
    .map((file) => readFileSync(file, 'utf8'));

  it('names only variables the code reads', () => {
    const read = new Set([...Object.keys(configSchema.shape), ...sources.flatMap(variablesRead)]);
    const unread = [...documented].filter((name) => !read.has(name));
    expect(unread).toEqual([]);
  });

  it('names every setting of src/config.ts', () => {
    expect(Object.keys(configSchema.shape).filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names every variable the production entry and the store API read', () => {
    const entryFiles = [
      ...sourceFiles('deploy'),
      ...sourceFiles('store-api'),
      ...sourceFiles('src').filter((file) => file.endsWith('.mjs')),
    ];
    const read = entryFiles.flatMap((file) => variablesRead(readFileSync(file, 'utf8')));
    expect([...new Set(read)].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('reads a variable only where it is read, not where it is set', () => {
    expect(variablesRead("process.env.A_B = 'x'; env.C ??= 'y'; env['D']; env.E === 'z'")).toEqual(['C', 'D', 'E']);
  });
});
