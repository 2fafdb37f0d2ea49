import { afterEach } from 'vitest';
import { restoreBrowser } from '~/lib/browser';

// Test files share their workers (no isolation per file): whatever one file put in place of the
// browser is gone before the next test.
afterEach(() => restoreBrowser());
