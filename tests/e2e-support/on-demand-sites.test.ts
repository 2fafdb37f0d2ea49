import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sitesNamedIn } from '../../e2e/support/on-demand-sites';

describe('the sites a journey names', () => {
  it('are the on-demand sites it reaches through E2E_SITES, and never the marine store, which always runs', () => {
    expect(sitesNamedIn('await page.goto(`${E2E_SITES.cycle}/`); E2E_SITES.marine; E2E_SITES.noWallet')).toEqual([
      'cycle',
      'noWallet',
    ]);
    expect(sitesNamedIn("page.goto('/return-policy/')")).toEqual([]);
  });

  it('include the cycle store where a journey picks a store by name', () => {
    expect(sitesNamedIn('for (const store of STORES) await page.goto(E2E_SITES[store]);')).toEqual(['cycle']);
  });

  it('cover every site a journey reaches: no helper under e2e/support names one of its own', () => {
    const support = readdirSync('e2e/support').filter(
      (name) => name.endsWith('.ts') && !['sites.ts', 'on-demand-sites.ts'].includes(name),
    );
    const naming = support.filter((name) => sitesNamedIn(readFileSync(`e2e/support/${name}`, 'utf8')).length > 0);
    expect(naming).toEqual([]);
  });
});
