import { describe, expect, it } from 'vitest';
import { collapseLeadingSlashes, safeReturnPath } from '~/lib/http/safe-path';

describe('safeReturnPath', () => {
  it.each([
    ['/review-order/', '/review-order/'],
    ['/es/account-settings/?a=1#x', '/es/account-settings/?a=1#x'],
  ])('keeps same-origin path %s', (input, expected) => expect(safeReturnPath(input)).toBe(expected));

  it.each(['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example', '', 'x', undefined, 42])(
    'refuses %s',
    (input) => expect(safeReturnPath(input, '/fallback/')).toBe('/fallback/'),
  );

  it('collapses leading slashes and backslashes', () => {
    expect(collapseLeadingSlashes('//\\\\evil.example/')).toBe('/evil.example/');
  });
});
