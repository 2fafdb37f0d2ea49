import type { MessageKey } from '~/lib/i18n/translate';
import { readActionAnswer } from './action-answer';

/**
 * The actions islands call, by the name Astro addresses them by ("account.changeEmail"), with what
 * each answers. Each feature adds its own (`declare module` in its `.action-calls.ts`);
 * tests/actions/island-calls.check.ts holds every entry to an action of `src/actions/` whose
 * handler answers that type, so a renamed action or a changed answer fails `astro check`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ActionAnswers {}

export type ActionName = Extract<keyof ActionAnswers, string>;

/** Astro's address for an action, with the site's trailing slash. */
function actionPath(name: ActionName): string {
  return `/_actions/${name}/`;
}

/**
 * An island's call of the same action its plain form posts, sent with plain fetch where Astro's
 * actions client would cost every form page 3.4 KB gzipped. The action's own answer comes back as
 * it is; an action that failed is "Something went wrong", and a post that never reached this site
 * is the caller's "can't connect" message, each shaped by `failed` into the action's answer.
 */
export async function callAction<N extends ActionName>(
  name: N,
  form: FormData,
  failed: (key: MessageKey) => ActionAnswers[N],
  cantConnect: MessageKey = 'common.cantConnect',
): Promise<ActionAnswers[N]> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(actionPath(name), {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json' },
    });
    text = await response.text();
  } catch {
    return failed(cantConnect);
  }
  if (!response.ok) return failed('common.somethingWentWrong');
  try {
    // The answer was written by this action's handler (devalue, by Astro); its type is the handler's.
    return readActionAnswer(text) as ActionAnswers[N];
  } catch {
    return failed('common.somethingWentWrong');
  }
}
