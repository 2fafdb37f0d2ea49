/**
 * Checked by `astro check` in `npm test`, never run: every action an island calls by name
 * (`ActionAnswers`, src/lib/api/call-action.ts) is an action of src/actions/ whose handler answers
 * what the island reads. A renamed action, or a handler whose answer the island no longer reads,
 * stops the build here.
 */
import type { server } from '~/actions';
import type { ActionAnswers } from '~/lib/api/call-action';

type Server = typeof server;

type HandlerAnswer<N extends string> = N extends `${infer G extends Extract<keyof Server, string>}.${infer A}`
  ? A extends keyof Server[G]
    ? Server[G][A] extends { orThrow: (...args: never[]) => Promise<infer Answer> }
      ? Answer
      : 'not an action'
    : 'no action of that name'
  : 'no group of that name';

/** true where the handler's answer is one the island reads; the reason otherwise. */
type IslandCallChecks = {
  [N in Extract<keyof ActionAnswers, string>]: [HandlerAnswer<N>] extends [ActionAnswers[N]] ? true : HandlerAnswer<N>;
};

export const islandCallsMatchTheirActions: { [N in keyof IslandCallChecks]: true } = {} as IslandCallChecks;

// The check can fail: a name without an action, and an answer the island reads differently.
// @ts-expect-error no action has that name
export const unknownName: HandlerAnswer<'account.renamed'> = true;
// @ts-expect-error the e-mail change answers a ChangeResult, which a bare flag is not
export const otherAnswer: [HandlerAnswer<'account.changeEmail'>] extends [boolean] ? true : false = true;
