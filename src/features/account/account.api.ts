import { request } from '~/lib/api/client';

export function userCall() {
  return request<unknown>({ flag: 'userGet', url: 'a/user/', noCache: true });
}
