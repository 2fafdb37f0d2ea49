import { useEffect, useRef, useState } from 'react';
import './product-image.css';

interface ProductImageProps {
  src: string | null | undefined;
  /** The picture for this manufacturer or store (`fallbackImage` in `src/stores.ts`). */
  fallback: string;
  size: number;
  className?: string;
}

/**
 * A part's picture that falls back to its manufacturer's brand badge (else the store's picture)
 * when it has none or it cannot load, as the cart and bulk add draw a part (review order's summary
 * follows the same rule). Before a script runs, a failed picture shows the same badge by its
 * style sheet (`data-fallback`, product-image.css).
 */
export default function ProductImage({ src, fallback, size, className }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A picture that failed before the island woke up fired its error event to nobody.
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && src) setFailed(true);
  }, [src]);
  return (
    <img
      ref={image}
      className={className}
      src={!src || failed ? fallback : src}
      data-fallback={fallback}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
