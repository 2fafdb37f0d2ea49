import { defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod';
import { returnTarget, safeReturnPath } from '~/lib/http/safe-path';
import {
  dropTokens,
  endGuestSession,
  serverLogin,
  serverLogout,
  serverRecoverPassword,
} from '~/features/session/session.server';
import {
  hasErrors,
  loginErrorKey,
  loginTarget,
  logoutTarget,
  validateEmailField,
  validateLogin,
  VALIDATION_KEYS,
  type LoginResult,
  type LogoutResult,
  type RecoverResult,
} from '~/features/session/session';
import { config } from '~/config';
import { formText } from './form-input';
import { isStoreOutage } from '~/lib/http/unavailable';
import { partsOnlyBasket } from '~/features/cart/cart.server';
import { basketKeyFrom } from '~/lib/session/basket-key';
import { rememberBasket } from '~/lib/session/basket-cookie';
import { secureCookiesFor } from '~/lib/session/cookie-options';

/** Where the visitor was heading: the posted field, else the address's query; same-origin paths only. */
function redirectOf(posted: string, context: ActionAPIContext): string | null {
  const raw = posted || context.url.searchParams.get('redirect') || '';
  return safeReturnPath(raw, '') || null;
}

export const session = {
  /** Sign-in and login: tokens go into httpOnly cookies, the answer names only where to go next. */
  login: defineAction({
    accept: 'form',
    input: z.object({
      username: formText(),
      password: formText(),
      redirect: formText(2000),
      disableRateLimit: formText(8),
    }),
    handler: async (input, context): Promise<LoginResult> => {
      const { values, errors } = validateLogin(input);
      if (hasErrors(errors))
        return { ok: false, username: values.username, errors, formError: { key: 'validation.errorsInForm' } };
      // The switch is offered only to the journeys' own build.
      const disableRateLimit = config.PUBLIC_APP_ENV === 'e2e' && input.disableRateLimit === '1';
      const result = await serverLogin(context, values, { disableRateLimit });
      if (result.ok) return { ok: true, target: loginTarget(result.role, redirectOf(input.redirect, context)) };
      const key = loginErrorKey(result.status);
      return {
        ok: false,
        username: values.username,
        errors: {},
        formError: key ? { key } : result.error ? { text: result.error } : { key: 'common.somethingWentWrong' },
        outage: isStoreOutage(result.status),
      };
    },
  }),

  /**
   * Ends the session upstream and here, then goes to login with `logOut=true` and the page to come
   * back to; a failure other than 401 keeps the session and names itself once on that page.
   */
  logout: defineAction({
    accept: 'form',
    input: z.object({ redirect: formText(2000) }),
    handler: async (input, context): Promise<LogoutResult> => {
      const returnTo = returnTarget(redirectOf(input.redirect, context) ?? '', '');
      return logoutTarget(await serverLogout(context), returnTo);
    },
  }),

  /** Asks the store for a password reset once the address is checked (session.server.ts). */
  recoverPassword: defineAction({
    accept: 'form',
    input: z.object({ email: formText() }),
    handler: async (input, context): Promise<RecoverResult> => {
      const { value, error } = validateEmailField(input.email);
      if (error) return { ok: false, email: value, error: { key: VALIDATION_KEYS[error] } };
      return serverRecoverPassword(context, value);
    },
  }),

  /**
   * The header's Guest/Exit: the guest session ends and the visitor signs in anew, usually to
   * check out as a customer, so the parts stay in a cart of their own with nothing of the guest's.
   */
  exitGuest: defineAction({
    accept: 'form',
    handler: async (_input, context) => {
      const secure = secureCookiesFor(context.url);
      const kept = await partsOnlyBasket(context.locals.basketNum, basketKeyFrom(context.cookies, secure));
      endGuestSession(context);
      if (kept) rememberBasket(context.cookies, kept, secure);
      return { target: '/signin/' };
    },
  }),

  /** Sign-in's "continue as guest" and "create account": any signed-in session ends first. */
  startCustomerForm: defineAction({
    accept: 'form',
    input: z.object({ intent: z.enum(['guest', 'create']) }),
    handler: (input, context) => {
      dropTokens(context);
      return { target: `/customer-form/${input.intent === 'guest' ? '?guest=true' : ''}` };
    },
  }),
};
