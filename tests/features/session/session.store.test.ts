// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { setNoticeSink, type PipelineNotice } from '~/lib/api/notify';
import { resetRequests } from '~/lib/api/requests.store';
import { createTranslate } from '~/lib/i18n/translate';
import { pickMessages } from '~/lib/i18n/messages';
import { authorizeGuest, onSessionCleared } from '~/features/session/session.store';
import { encodeClaims } from '~/lib/session/claims';

const t = createTranslate(pickMessages('en', ['session', 'common']));
let notices: PipelineNotice[];
let answer: (path: string) => Response;

beforeEach(() => {
  notices = [];
  resetRequests();
  setNoticeSink((notice) => notices.push(notice));
  replaceBrowser({
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      return Promise.resolve(answer(new URL(request.url).pathname));
    },
  });
});

afterEach(() => {
  document.cookie = 'ps_session=; max-age=0; path=/';
});

describe('guest authorization', () => {
  it('turns on with a guest record for the basket', async () => {
    answer = (path) => {
      expect(path).toBe('/api/a/guest/B42/');
      document.cookie = `ps_session=${encodeClaims({ role: 'guest', guest: true })}; path=/`;
      return Response.json({ email: 'g@example.com' });
    };
    const cartFlushed = vi.fn();
    const stop = onSessionCleared(cartFlushed);
    expect(await authorizeGuest('B42', t)).toEqual({ state: 'authorized', record: { email: 'g@example.com' } });
    stop();
    expect(cartFlushed).not.toHaveBeenCalled();
  });

  it('a missing guest record flushes cart state and shows "Guest authorization error"', async () => {
    answer = () => Response.json({ message: 'not found' }, { status: 404 });
    const cartFlushed = vi.fn();
    const stop = onSessionCleared(cartFlushed);
    expect(await authorizeGuest('B404', t)).toEqual({ state: 'missing' });
    stop();
    expect(cartFlushed).toHaveBeenCalledOnce();
    expect(notices).toEqual([expect.objectContaining({ text: 'Guest authorization error' })]);
  });

  it('an unanswered call changes nothing, so the page can retry', async () => {
    answer = () => Response.json({ message: 'down' }, { status: 503 });
    const cartFlushed = vi.fn();
    const stop = onSessionCleared(cartFlushed);
    expect(await authorizeGuest('B503', t)).toMatchObject({ state: 'unavailable', failure: { status: 503 } });
    stop();
    expect(cartFlushed).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });
});
