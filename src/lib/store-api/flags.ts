/**
 * The store API sends its yes/no fields as booleans, 0/1 or "0"/"1" (older endpoints "true");
 * this is the one place that reads them.
 */
export function apiFlag(value: unknown): boolean {
  if (typeof value === 'string') return value === '1' || value.toLowerCase() === 'true';
  return value === true || value === 1;
}
