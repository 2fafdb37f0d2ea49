import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES = join(import.meta.dirname, '../../store-api/routes');

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROUTES, file), 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

// A route module depends on core, data, rules, seed and views, never on another route module:
// shared types live in core/, pricing in rules/, so routes can be added or removed one by one.
describe('store API route modules', () => {
  const files = readdirSync(ROUTES).filter((file) => file.endsWith('.ts'));

  it.each(files)('%s imports no other route module', (file) => {
    const siblings = importsOf(file).filter((specifier) => specifier.startsWith('./'));
    expect(siblings).toEqual([]);
  });
});
