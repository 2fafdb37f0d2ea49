import { createLogger } from './logger.mjs';
import { config } from '~/config';

/** The site's log: JSON lines on stdout, the same shape as the production entry's access lines. */
export const log = createLogger({ level: config.LOG_LEVEL });
