import { sequence } from 'astro:middleware';
import { locale } from '~/middleware/locale';
import { requestId } from '~/middleware/request-id';
import { securityHeaders } from '~/middleware/security-headers';
import { sharedCache } from '~/middleware/shared-cache';
import { requestLimits } from '~/middleware/request-limits';
import { session } from '~/middleware/session';
import { guard } from '~/middleware/guard';
import { errorPageAddress } from '~/middleware/error-page';

export const onRequest = sequence(
  requestId,
  errorPageAddress,
  sharedCache,
  securityHeaders,
  requestLimits,
  locale,
  session,
  guard,
);
