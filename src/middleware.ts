import { sequence } from 'astro:middleware';
import { locale } from '~/middleware/locale';
import { securityHeaders } from '~/middleware/security-headers';
import { session } from '~/middleware/session';
import { guard } from '~/middleware/guard';

export const onRequest = sequence(securityHeaders, locale, session, guard);
