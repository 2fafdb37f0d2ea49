/** Largest body the proxy accepts from a browser (bulk add of many parts fits easily). */
export const MAX_BODY_BYTES = 512 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super('payload too large');
  }
}

/** Reads a request body, stopping as soon as it grows past the limit. */
export async function readLimitedBody(request: Request, limit: number = MAX_BODY_BYTES): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  if (size === 0) return null;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
