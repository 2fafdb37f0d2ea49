import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSITION_MS } from '~/lib/motion';

describe('motion durations', () => {
  it('the stylesheet transitions as long as the code says (spec §9)', () => {
    const css = readFileSync(new URL('../../src/styles/tokens.css', import.meta.url), 'utf8');
    expect(css).toContain(`--transition: ${TRANSITION_MS}ms;`);
  });
});
