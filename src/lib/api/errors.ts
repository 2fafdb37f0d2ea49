/** The keys an error answer may carry its text under, in the order the spec reads them. */
export const ERROR_TEXT_KEYS = ['message', 'MESSAGE', 'ERROR', 'error', 'DETAIL'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return String(value);
  if (depth > 4) return undefined;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const text = textOf(entry, depth + 1);
      if (text) return text;
    }
    return undefined;
  }
  if (isRecord(value)) return errorTextOf(value, depth + 1);
  return undefined;
}

function errorTextOf(body: Record<string, unknown>, depth: number): string | undefined {
  for (const key of ERROR_TEXT_KEYS) {
    const text = textOf(body[key], depth);
    if (text) return text;
  }
  // Older endpoints wrap the text one level down: {ERROR: {VALUE: "..."}} or {VALUE: "..."}.
  return body['VALUE'] === undefined ? undefined : textOf(body['VALUE'], depth);
}

/**
 * The text to show for a failed answer: the first of message, MESSAGE, ERROR, error, DETAIL,
 * or a nested VALUE; a plain-text body is its own text.
 */
export function errorText(body: unknown, fallback = ''): string {
  if (typeof body === 'string') return body.trim() === '' ? fallback : body;
  if (!isRecord(body)) return fallback;
  return errorTextOf(body, 0) ?? fallback;
}
