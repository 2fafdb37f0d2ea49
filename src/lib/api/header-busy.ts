import { $anyRequestInProcess } from './requests.store';

/**
 * While any call is in progress every header control is inert (not clickable, not focusable).
 * Loaded with the pipeline, so only pages with islands carry it.
 */
export function bindHeaderControls(root: ParentNode): () => void {
  return $anyRequestInProcess.subscribe((busy) => {
    for (const control of root.querySelectorAll<HTMLElement>('[data-header-control]')) {
      control.toggleAttribute('inert', busy);
      control.classList.toggle('is-busy', busy);
    }
  });
}

if (typeof document !== 'undefined') bindHeaderControls(document);
