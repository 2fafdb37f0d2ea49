import { MAX_FORM_BODY_BYTES } from '~/lib/http/request-limits';
import { readLimitedBody } from './proxy/body';

/**
 * The form a page received without JavaScript. A body that is not a form (JSON, broken
 * multipart, no content type) or larger than a form's limit reads as an empty form, so the
 * page answers with its own validation messages instead of a server error.
 */
export async function readPostedForm(request: Request): Promise<FormData> {
  try {
    const body = await readLimitedBody(request, MAX_FORM_BODY_BYTES);
    if (!body) return new FormData();
    const type = request.headers.get('content-type') ?? '';
    return await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    return new FormData();
  }
}
