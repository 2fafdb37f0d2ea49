import { useEffect, useRef, useState } from 'react';
import { fallbackImage, type StoreId } from '~/stores';
import './ui.css';

interface ProductImageProps {
  src: string | null | undefined;
  /** The part's manufacturer: its brand badge stands in for a missing picture, as everywhere a part is shown. */
  mfgAccountId: number | undefined;
  storeId: StoreId;
  size: number;
  className?: string;
}

/**
 * A part's picture, or, without one or when it cannot load, its manufacturer's brand badge (else the
 * store's picture): the one way the cart, bulk add and the order summary draw a part.
 */
export default function ProductImage({ src, mfgAccountId, storeId, size, className }: ProductImageProps) {
  const fallback = fallbackImage(mfgAccountId, storeId);
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
