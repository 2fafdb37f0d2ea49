/**
 * An action's answer as Astro sends it (devalue's flat form: a list of values that point at each
 * other by index), read without devalue's reader. Actions answer plain records, lists, text,
 * numbers, flags, null and undefined; any other kind of value reads as unreadable.
 */
const UNDEFINED = -1;

class UnreadableAnswer extends Error {}

export function readActionAnswer(text: string): unknown {
  const flat: unknown = JSON.parse(text);
  if (flat === UNDEFINED) return undefined;
  if (!Array.isArray(flat) || flat.length === 0) throw new UnreadableAnswer(text);
  const values: readonly unknown[] = flat;
  const read = (index: unknown, depth: number): unknown => {
    if (index === UNDEFINED) return undefined;
    // A plain answer never refers back up its own tree; a cycle or a special value is refused.
    if (typeof index !== 'number' || !(index >= 0 && index < values.length) || depth > 64)
      throw new UnreadableAnswer(text);
    const value = values[index];
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      if (typeof value[0] === 'string') throw new UnreadableAnswer(text);
      return value.map((item) => read(item, depth + 1));
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, read(item, depth + 1)]));
  };
  return read(0, 0);
}
