import type { ReactNode } from 'react';

/**
 * A section's Try again: a button once the island is awake; before that (`pageHref` given) a link
 * to the page, which the server reads and draws again, so the control works from the first paint.
 */
export function RetryControl({
  pageHref,
  onRetry,
  className = 'button',
  children,
}: {
  pageHref: string | undefined;
  onRetry: () => void;
  className?: string;
  children: ReactNode;
}) {
  return pageHref === undefined ? (
    <button type="button" className={className} onClick={onRetry}>
      {children}
    </button>
  ) : (
    <a className={className} href={pageHref}>
      {children}
    </a>
  );
}
