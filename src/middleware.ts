import { sequence } from 'astro:middleware';
import { locale } from '~/middleware/locale';
import { securityHeaders } from '~/middleware/security-headers';
import { sharedCache } from '~/middleware/shared-cache';
import { requestLimits } from '~/middleware/request-limits';
import { session } from '~/middleware/session';
import { guard } from '~/middleware/guard';

export const onRequest = sequence(sharedCache, securityHeaders, requestLimits, locale, session, guard);
