import { toGuestRecord, type GuestRecord } from '../guest';
import { toSessionTokens, toSignedIn, type SessionTokens, type SignedIn } from '../session';
import { errorText } from '~/lib/api/errors';
import { toUserRecord, type UserRecord } from '../user';
import { answerNotRead, endpoint, readable } from '../endpoint';

/** Session and account: sign-in, refresh and logout are the server's own calls (the session actions, the page guard). */
export const login = /* @__PURE__ */ endpoint<SignedIn>({
  method: 'POST',
  path: 'v2/auth/login',
  flag: 'userAuthLogin',
  decode: /* @__PURE__ */ readable(toSignedIn),
});
export const refresh = /* @__PURE__ */ endpoint<SessionTokens>({
  method: 'POST',
  path: 'v2/auth/refresh',
  flag: 'userAuthRefresh',
  decode: /* @__PURE__ */ readable(toSessionTokens),
});
export const logout = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'v2/auth/logout',
  flag: 'userAuthLogout',
  decode: answerNotRead,
});
export const userGet = /* @__PURE__ */ endpoint<UserRecord>({
  method: 'GET',
  path: 'a/user/',
  flag: 'userGet',
  auth: true,
  proxy: 'plain',
  decode: toUserRecord,
});
export const userEmailChange = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: 'a/user/email',
  flag: 'userEmailChange',
  auth: true,
  decode: answerNotRead,
});
export const userPasswordChange = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: 'a/user/password',
  flag: 'userPasswordChange',
  auth: true,
  decode: answerNotRead,
});
export const userPasswordReset = /* @__PURE__ */ endpoint<string>({
  method: 'POST',
  path: 'a/user/password',
  flag: 'userPasswordReset',
  decode: errorText,
});
export const subscriberAdd = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'v2/customers/subscribers',
  flag: 'subscriberAdd',
  decode: answerNotRead,
});
export const customerAdd = /* @__PURE__ */ endpoint<SignedIn | null>({
  method: 'POST',
  path: 'v2/customers',
  flag: 'customerAdd',
  decode: toSignedIn,
});
export const customerUpdate = /* @__PURE__ */ endpoint<SignedIn | null>({
  method: 'PATCH',
  path: 'v2/customers',
  flag: 'customerUpdate',
  auth: true,
  decode: toSignedIn,
});
export const guestGet = /* @__PURE__ */ endpoint<GuestRecord>({
  method: 'GET',
  path: 'a/guest/{basketNum}',
  flag: 'guestGet',
  proxy: 'guest',
  decode: /* @__PURE__ */ readable(toGuestRecord),
});
export const guestPost = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'a/guest/{basketNum}',
  flag: 'guestPost',
  decode: answerNotRead,
});
