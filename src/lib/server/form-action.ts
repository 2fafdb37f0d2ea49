import type { APIContext } from 'astro';
import { readPostedForm } from './form';

type FormAction = Parameters<APIContext['getActionResult']>[0];
type Result<A extends FormAction> = Awaited<ReturnType<A>>;

/**
 * What a page's form action answered. A form names its action in the address (`?_action=`) and
 * Astro runs it before the page; a post to the bare page address (a page saved before actions
 * existed, a script) runs the same action here, so every post of this page has one implementation.
 */
export async function formActionResult<A extends FormAction>(
  context: Pick<APIContext, 'request' | 'url' | 'getActionResult' | 'callAction'>,
  action: A,
): Promise<Result<A> | undefined> {
  if (context.request.method !== 'POST') return undefined;
  const ran: Result<A> | undefined = context.getActionResult(action);
  if (ran || context.url.searchParams.has('_action')) return ran;
  const form = await readPostedForm(context.request);
  return context.callAction(action, form);
}

/** The address a page's form posts to: this page with its query (return target, prefills) and the action's name. */
export function formActionPath(url: URL, action: { queryString: string }): string {
  const query = new URLSearchParams(url.search);
  for (const [name, value] of new URLSearchParams(action.queryString)) query.set(name, value);
  return `${url.pathname}?${query.toString()}`;
}
