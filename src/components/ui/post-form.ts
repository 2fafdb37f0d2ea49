import type { SubmitEvent } from 'react';

/**
 * The attributes of an island's form that posts to its action: without JavaScript, or before the
 * island wakes, the browser posts it; once awake, `onSubmit` sends it (the browser's own checks
 * give way to the island's messages).
 */
export function postForm(action: string, onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>) {
  return {
    method: 'post',
    action,
    noValidate: true,
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => void onSubmit(event),
  } as const;
}
