// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProductImage from '~/components/ui/ProductImage';

afterEach(cleanup);

describe('ProductImage', () => {
  it('shows the product picture, and the fallback once it fails to load', () => {
    const { container } = render(
      <ProductImage src="https://img.example/p.jpg" mfgAccountId={1} storeId="marine" size={96} />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://img.example/p.jpg');
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/fallback-omc.svg');
  });

  it("shows the manufacturer's brand badge when the product has no picture", () => {
    const { container } = render(<ProductImage src={null} mfgAccountId={10} storeId="marine" size={80} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/fallback-yamaha.svg');
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it("falls back to the store's picture for a manufacturer without a badge", () => {
    const { container } = render(<ProductImage src="" mfgAccountId={21} storeId="cycle" size={80} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/fallback-cycle.svg');
  });
});
