// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProductImage from '~/components/ui/ProductImage';

afterEach(cleanup);

describe('ProductImage', () => {
  it('shows the product picture, and the fallback once it fails to load', () => {
    const { container } = render(
      <ProductImage src="https://img.example/p.jpg" fallback="/images/fallback-omc.svg" size={96} />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://img.example/p.jpg');
    // Before a script runs, the style sheet shows the same picture for a failed load.
    expect(image?.getAttribute('data-fallback')).toBe('/images/fallback-omc.svg');
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/fallback-omc.svg');
  });

  it('uses the fallback when the product has no picture', () => {
    const { container } = render(<ProductImage src={null} fallback="/images/fallback-marine.svg" size={80} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/fallback-marine.svg');
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});
