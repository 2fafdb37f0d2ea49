import { request } from '~/lib/api/client';
import { TOKEN_PREFIX_CLIENT, LOGIN_ROLE, type LoginFields } from './session';

export interface LoginAnswer {
  user?: { userid?: string | number; firstName?: string; lastName?: string; email?: string; role?: string; department?: string };
}

/** Login: the proxy keeps the tokens in httpOnly cookies and answers only the person. */
export function loginCall(fields: LoginFields, disableRateLimit = false) {
  return request<LoginAnswer>({
    flag: 'userAuthLogin',
    url: 'v2/auth/login',
    method: 'POST',
    data: { tokenPrefix: TOKEN_PREFIX_CLIENT, username: fields.username, password: fields.password, role: LOGIN_ROLE },
    ...(disableRateLimit ? { headers: { 'X-Disable-Rate-Limit': '1' } } : {}),
  });
}

export function logoutCall() {
  return request({ flag: 'userAuthLogout', url: 'v2/auth/logout', method: 'POST', data: { tokenPrefix: TOKEN_PREFIX_CLIENT } });
}

/** Guest authorization on: the guest record of the basket. */
export function guestRecordCall(basketNum: string) {
  return request<Record<string, unknown>>({ flag: 'guestGet', url: `a/guest/${encodeURIComponent(basketNum)}`, noCache: true });
}

export function recoverPasswordCall(email: string) {
  return request<{ message?: string }>({ flag: 'userPasswordReset', url: 'a/user/password', method: 'POST', data: { email } });
}
