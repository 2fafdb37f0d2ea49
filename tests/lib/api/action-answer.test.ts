import { stringify } from 'devalue';
import { describe, expect, it } from 'vitest';
import { readActionAnswer } from '~/lib/api/action-answer';

// Astro writes an action's answer with devalue's stringify; these read what it writes.
describe("reading an action's answer", () => {
  it('reads records, lists, text, numbers, flags, null and undefined as they were sent', () => {
    const answer = {
      ok: false,
      username: 'a@example.com',
      errors: { password: { key: 'login.passwordRequired' } },
      lines: [1, 2.5, -3, null, true],
      note: undefined,
      shared: { key: 'common.same' },
      again: { key: 'common.same' },
    };
    expect(readActionAnswer(stringify(answer))).toEqual(answer);
    expect(readActionAnswer(stringify('done'))).toBe('done');
    expect(readActionAnswer(stringify(undefined))).toBeUndefined();
  });

  it('refuses what is not plain data, rather than reading it wrong', () => {
    expect(() => readActionAnswer(stringify({ at: new Date(0) }))).toThrow();
    expect(() => readActionAnswer(stringify(new Set([1])))).toThrow();
    expect(() => readActionAnswer('[{"a":5}]')).toThrow();
    expect(() => readActionAnswer('[]')).toThrow();
    expect(() => readActionAnswer('not json')).toThrow();
  });
});
