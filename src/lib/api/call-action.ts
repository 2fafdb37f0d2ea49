import type { MessageKey } from '~/lib/i18n/translate';
import { readActionAnswer } from './action-answer';

/** Astro's address for an action called by name ("session.login"), with the site's trailing slash. */
function actionPath(name: string): string {
  return `/_actions/${name}/`;
}

/**
 * An island's call of the same action its plain form posts, sent with plain fetch where Astro's
 * actions client would cost every form page 3.4 KB gzipped. The action's own answer comes back as
 * it is; an action that failed is "Something went wrong", and a post that never reached this site
 * is the caller's "can't connect" message, each shaped by `failed` into the action's result.
 */
export async function callAction<T>(
  name: string,
  form: FormData,
  failed: (key: MessageKey) => T,
  cantConnect: MessageKey = 'common.cantConnect',
): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(actionPath(name), { method: 'POST', body: form, headers: { Accept: 'application/json' } });
    text = await response.text();
  } catch {
    return failed(cantConnect);
  }
  if (!response.ok) return failed('common.somethingWentWrong');
  if (response.status === 204) return undefined as T;
  try {
    return readActionAnswer(text) as T;
  } catch {
    return failed('common.somethingWentWrong');
  }
}
