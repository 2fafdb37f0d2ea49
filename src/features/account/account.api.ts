import { request } from '~/lib/api/client';
import type { PasswordChangeFields } from '~/features/session/session';

export function userCall() {
  return request<unknown>({ flag: 'userGet', url: 'a/user/', noCache: true });
}

/** The current password (`passwordold`) goes with it: the store API refuses the change without it. */
export function changeEmailCall(emailAddress: string, passwordold: string) {
  return request<unknown>({ flag: 'userEmailChange', url: 'a/user/email', method: 'PATCH', data: { emailAddress, passwordold } });
}

export function changePasswordCall(fields: PasswordChangeFields) {
  return request<unknown>({ flag: 'userPasswordChange', url: 'a/user/password', method: 'PATCH', data: fields });
}
