import { describe, expect, it } from 'vitest';
import { errorText } from '~/lib/api/errors';

describe('errorText', () => {
  it('reads message, MESSAGE, ERROR, error, DETAIL in that order', () => {
    const all = { DETAIL: 'd', error: 'e', ERROR: 'E', MESSAGE: 'M', message: 'm' };
    expect(errorText(all)).toBe('m');
    const { message: _m, ...noMessage } = all;
    expect(errorText(noMessage)).toBe('M');
    const { MESSAGE: _M, ...noUpper } = noMessage;
    expect(errorText(noUpper)).toBe('E');
    const { ERROR: _E, ...noError } = noUpper;
    expect(errorText(noError)).toBe('e');
    const { error: _e, ...onlyDetail } = noError;
    expect(errorText(onlyDetail)).toBe('d');
  });

  it('reads a nested VALUE', () => {
    expect(errorText({ ERROR: { VALUE: 'nested' } })).toBe('nested');
    expect(errorText({ VALUE: 'top' })).toBe('top');
    expect(errorText({ error: { message: 'inner' } })).toBe('inner');
  });

  it('skips empty texts and falls back', () => {
    expect(errorText({ message: '', MESSAGE: 'second' })).toBe('second');
    expect(errorText({ other: 1 }, 'Something went wrong')).toBe('Something went wrong');
    expect(errorText(null, 'fallback')).toBe('fallback');
    expect(errorText('plain text')).toBe('plain text');
  });
});

describe('pipeline notices', () => {
  it('reach $notifications by default', async () => {
    const { sendNotice, setNoticeSink } = await import('~/lib/api/notify');
    const { $notifications, notify: flush } = await import('~/lib/notifications/notifications.store');
    setNoticeSink(null);
    sendNotice({ text: "Can't connect to server. Please, try again", type: 'error', id: 'cantConnect' });
    expect($notifications.get()).toEqual([
      expect.objectContaining({ id: 'cantConnect', type: 'error', duration: 7000 }),
    ]);
    flush(false);
  });
});
