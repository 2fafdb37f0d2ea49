// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Price from '~/components/ui/Price';

const normalize = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('<Price>', () => {
  afterEach(cleanup);

  it('formats whole cents as USD per locale and keeps the machine value', () => {
    const { container, rerender } = render(<Price amount={123450} locale="en" />);
    const data = container.querySelector('data');
    expect(data?.getAttribute('value')).toBe('1234.50');
    expect(data?.textContent).toBe('$1,234.50');
    rerender(<Price amount={123450} locale="fr" />);
    expect(normalize(container.querySelector('data')?.textContent ?? null)).toBe('1 234,50 $US');
    rerender(<Price amount={123450} locale="pt" />);
    expect(normalize(container.querySelector('data')?.textContent ?? null)).toBe('US$ 1.234,50');
  });
});
