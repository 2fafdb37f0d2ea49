import { useEffect, useRef, useState } from 'react';

interface ProductImageProps {
  src: string | null | undefined;
  /** The picture for this manufacturer or store (`fallbackImage` in `src/stores.ts`). */
  fallback: string;
  size: number;
  className?: string;
}

/** A product picture that falls back to the manufacturer's or store's picture when it cannot load. */
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
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
