import { MAX_FORM_BODY_BYTES } from '~/lib/http/request-limits';
import { readLimitedBody } from './proxy/body';

/** How a page form is sent: urlencoded, or multipart with a file field or by a script's FormData. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export function isFormContentType(contentType: string | null): boolean {
  return FORM_TYPES.includes((contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '');
}

/** The form of a body, or null when it is none (broken multipart, larger than a form's limit). */
async function formOf(request: Request): Promise<FormData | null> {
  try {
    const body = await readLimitedBody(request, MAX_FORM_BODY_BYTES);
    if (!body) return new FormData();
    const type = request.headers.get('content-type') ?? '';
    return await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    return null;
  }
}

/**
 * The form a page received without JavaScript. A body that is not a form (JSON, broken
 * multipart, no content type) or larger than a form's limit reads as an empty form, so the
 * page answers with its own validation messages instead of a server error.
 */
export async function readPostedForm(request: Request): Promise<FormData> {
  return (await formOf(request)) ?? new FormData();
}

/** Whether a body sent as a form reads as one; read from a copy, so the page can still read it. */
export async function isUnreadableForm(request: Request): Promise<boolean> {
  return isFormContentType(request.headers.get('content-type')) && (await formOf(request.clone())) === null;
}

/**
 * The same request with an empty form: what a page reads instead of a form it cannot, so its
 * action answers with the page's own validation messages.
 */
export function withEmptyForm(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/x-www-form-urlencoded');
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: '' });
}
