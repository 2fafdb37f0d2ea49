import { afterEach, vi } from 'vitest';
import { setNoticeSink } from '~/lib/api/notify';
import { restoreBrowser } from '~/lib/browser';

// Test files share their workers (no isolation per file): whatever a test put in place of the
// browser, the notice sink or a global is gone before the next test, in this file or another.
afterEach(() => {
  restoreBrowser();
  setNoticeSink(null);
  vi.unstubAllGlobals();
});
