import { sequence } from 'astro:middleware';
import { locale } from '~/middleware/locale';
import { securityHeaders } from '~/middleware/security-headers';
import { requestLimits } from '~/middleware/request-limits';
import { session } from '~/middleware/session';
import { guard } from '~/middleware/guard';

export const onRequest = sequence(securityHeaders, requestLimits, locale, session, guard);
