import { sequence } from 'astro:middleware';
import { locale } from '~/middleware/locale';
import { requestId } from '~/middleware/request-id';
import { securityHeaders } from '~/middleware/security-headers';
import { requestLimits } from '~/middleware/request-limits';
import { session } from '~/middleware/session';
import { guard } from '~/middleware/guard';

export const onRequest = sequence(requestId, securityHeaders, requestLimits, locale, session, guard);
