import type { MessageKey } from '~/lib/i18n/translate';

/** What calling an Astro Action from the browser answers: its data, or the error it was refused with. */
interface ActionAnswer<T> {
  data: T | undefined;
  error: unknown;
}

/**
 * An island's call of the same action its plain form posts. The action's own answer comes back as
 * it is; an action that failed is "Something went wrong", and a post that never reached this site
 * is the caller's "can't connect" message, each shaped by `failed` into the action's result.
 */
export async function callAction<I, T>(
  action: (input: I) => Promise<ActionAnswer<T>>,
  input: I,
  failed: (key: MessageKey) => T,
  cantConnect: MessageKey = 'common.cantConnect',
): Promise<T> {
  try {
    const { data, error } = await action(input);
    return error === undefined ? (data as T) : failed('common.somethingWentWrong');
  } catch {
    return failed(cantConnect);
  }
}
