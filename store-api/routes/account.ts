import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Context } from 'hono';
import { valid } from '../core/validate.ts';
import { requireUser } from '../core/auth.ts';
import { ApiError } from '../core/errors.ts';
import { transaction } from '../core/db.ts';
import type { ApiEnv } from '../core/context.ts';
import type { Db } from '../core/db.ts';
import { findBasket, requireBasketFor } from '../data/baskets.ts';
import { callerOf } from '../core/basket-key.ts';
import { mayUseBasket, type BasketCaller } from '../rules/ownership.ts';
import {
  createUser,
  EMAIL_TAKEN_MESSAGE,
  findUserByEmail,
  hashPassword,
  hashResetToken,
  OLD_PASSWORD_MESSAGE,
  openSession,
  parseJson,
  requireUserRow,
  revokeOtherSessions,
  verifyPassword,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  CURRENT_PASSWORD_NEEDED_MESSAGE,
  type UserRow,
} from '../data/users.ts';
import type { RouteModule } from '../core/route-module.ts';
import { guessPassword } from '../data/password-guesses.ts';
import { clientKey, createRateLimiter, limitsSkipped, overLimit, type RateLimit } from '../core/rate-limit.ts';
import { at, bearer, failures, honoPath, json, jsonBody, ok } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';
import { sessionAnswer } from '../core/answers.ts';

const required = () => z.string().trim().min(1, 'This field is required');
const optionalText = () => z.string().trim().max(200).optional();
const email = () => z.string().trim().min(1, 'This field is required').pipe(z.email('Incorrect email address'));
const personName = () =>
  z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(60)
    .regex(/^[\p{L} .-]+$/u, 'Only letters, space, hyphen and dot symbols are allowed');
const password = () => z.string().trim().min(5, 'Must be at least 5 characters').max(200);
const flag = () => z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => (value ? 1 : 0));

/** The address part of the customer payloads (checkout spec section 3). */
const address = z.object({
  firstName: personName(),
  lastName: personName(),
  company: optionalText(),
  address1: required().max(200),
  address2: optionalText(),
  city: required().max(100),
  state: required().max(60),
  zip: z.string().trim().min(4, 'Too short').max(12),
  country: required().max(80),
  phone: optionalText(),
  email: z.string().trim().max(200).optional(),
  address_verified: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
type Address = z.infer<typeof address>;

const customerFields = {
  email: email(),
  shippingData: address,
  billToShip: flag().default(1),
  billingData: address.optional(),
  basketNum: z.string().trim().max(64).optional(),
  subscription: flag().default(1),
  username: z.string().trim().max(200).optional(),
};

function billingOf(body: { billToShip: number; billingData?: Address | undefined; shippingData: Address }): Address {
  if (body.billToShip || !body.billingData) {
    if (!body.billToShip) throw new ApiError(400, 'billingData: required');
    return body.shippingData;
  }
  return body.billingData;
}

const confirmed = <T extends { password: string; passwordConfirm: string }>(body: T) =>
  body.password === body.passwordConfirm;
const mismatch = { message: "Passwords don't match", path: ['passwordConfirm'] };

/** A basket joins a customer only when the caller may use it with its personal data. */
function attachBasket(db: Db, basketNum: string | undefined, userId: number, caller: BasketCaller): void {
  const basket = basketNum ? findBasket(db, basketNum) : undefined;
  if (!basket || !mayUseBasket({ userId: basket.user_id, ownerKey: basket.owner_key }, caller, 'personal')) return;
  db.prepare('UPDATE baskets SET user_id = ? WHERE basket_num = ?').run(userId, basket.basket_num);
}

const emailBody = z.object({ emailAddress: email(), passwordold: required() });
const passwordBody = z
  .object({ passwordold: required(), password: password(), passwordConfirm: required() })
  .refine(confirmed, mismatch);
const resetBody = z.object({ email: email() });
const subscriberBody = z
  .object({
    fname: personName(),
    lname: personName(),
    email: email(),
    password: password(),
    passwordConfirm: required(),
    subscription: flag().default(1),
  })
  .refine(confirmed, mismatch);
const customerBody = z
  .object({ ...customerFields, password: password(), passwordConfirm: required() })
  .refine(confirmed, mismatch);
const customerUpdateBody = z.object({
  ...customerFields,
  userid: z.number().int().positive(),
  passwordold: z.string().max(200).optional(),
});
const guestBody = z.object(customerFields);
const basketParams = z.object({ basketNum: z.string().trim().min(1).max(64) });

/** A stored address exactly as it was sent (customer add payload's `shippingData`). */
const storedAddress = z.record(z.string(), z.unknown()).nullable();
const guestRecord = z
  .object({
    email: z.string(),
    shippingData: z.record(z.string(), z.unknown()),
    billingData: z.record(z.string(), z.unknown()),
    billToShip: z.number(),
    basketNum: z.string(),
  })
  .loose();

const getUser = createRoute({
  method: 'get',
  path: '/a/user/',
  summary: 'The signed-in user and addresses (also without the trailing slash)',
  security: bearer,
  responses: {
    200: json(
      z.object({
        shipping: storedAddress,
        billing: storedAddress,
        user: z.object({
          id: z.number().int(),
          email: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          role: z.string(),
        }),
      }),
    ),
    ...failures(401),
  },
});
const changeEmailRoute = createRoute({
  method: 'patch',
  path: '/a/user/email',
  summary: 'New e-mail address; needs the current password',
  security: bearer,
  request: { body: jsonBody(emailBody) },
  responses: { 200: json(ok), ...failures(400, 401, 403, 422, 429) },
});
const changePassword = createRoute({
  method: 'patch',
  path: '/a/user/password',
  summary: 'New password; needs the old one',
  security: bearer,
  request: { body: jsonBody(passwordBody) },
  responses: { 200: json(ok), ...failures(400, 401, 422, 429) },
});
const resetPassword = createRoute({
  method: 'post',
  path: '/a/user/password',
  summary: 'Password reset mail; the same answer for any address',
  request: { body: jsonBody(resetBody) },
  responses: { 200: json(z.object({ message: z.string() })), ...failures(400, 429) },
});
const addSubscriber = createRoute({
  method: 'post',
  path: '/v2/customers/subscribers',
  summary: 'Sign-up as a subscriber; signs the new person in',
  request: { body: jsonBody(subscriberBody) },
  responses: { 200: json(sessionAnswer, 'Signed in'), ...failures(400, 422, 429) },
});
const addCustomer = createRoute({
  method: 'post',
  path: '/v2/customers',
  summary: 'Sign-up as a customer (or a subscriber completing the form); signs the person in',
  request: { body: jsonBody(customerBody) },
  responses: { 200: json(sessionAnswer, 'Signed in'), ...failures(400, 403, 422, 429) },
});
const updateCustomer = createRoute({
  method: 'patch',
  path: '/v2/customers',
  summary: 'Updates the customer record; a subscriber becomes a customer with a new session',
  security: bearer,
  request: { body: jsonBody(customerUpdateBody) },
  responses: { 200: json(ok.extend(sessionAnswer.partial().shape)), ...failures(400, 401, 403, 422, 429) },
});
const getGuest = createRoute({
  method: 'get',
  path: '/a/guest/{basketNum}',
  summary: 'The guest record of a basket, to its owner',
  request: { params: basketParams },
  responses: { 200: json(guestRecord), ...failures(400, 404) },
});
const putGuest = createRoute({
  method: 'post',
  path: '/a/guest/{basketNum}',
  summary: 'Writes the guest record; the first one makes X-Basket-Key the owner',
  request: { params: basketParams, body: jsonBody(guestBody) },
  responses: { 200: json(guestRecord), ...failures(400, 404) },
});

/**
 * Reset mails: a few per address (a person who lost the first one asks again), more per client
 * (an office shares one address). Counted whether or not the address has an account, so a refusal
 * tells nothing either; past either limit nothing is sent, nobody's mailbox is flooded.
 */
export const RESET_PER_ADDRESS: RateLimit = { limit: 5, windowMs: 15 * 60 * 1000 };
export const RESET_PER_CLIENT: RateLimit = { limit: 20, windowMs: 15 * 60 * 1000 };

/**
 * Sign-ups: a taken address answers 422, so each attempt could tell whether an address has an
 * account. As reset mails, a few per address and more per client (an office shares one address),
 * counted whatever the answer; a signed-in subscriber completing the customer form is no sign-up.
 */
export const SIGNUP_PER_ADDRESS: RateLimit = { limit: 5, windowMs: 15 * 60 * 1000 };
export const SIGNUP_PER_CLIENT: RateLimit = { limit: 20, windowMs: 15 * 60 * 1000 };

const RESET_ANSWER = 'If an account exists for this e-mail address, we have sent it a link to reset the password.';

/** Accounts: the signed-in user's data, sign-up, customer records and guest records. */
export const accountModule: RouteModule = {
  name: 'account',
  operations: [
    getUser,
    changeEmailRoute,
    changePassword,
    resetPassword,
    addSubscriber,
    addCustomer,
    updateCustomer,
    getGuest,
    putGuest,
  ],
  schema: `
CREATE TABLE IF NOT EXISTS password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (datetime('now'))
);
`,
  register(app, ctx) {
    const { db } = ctx;
    /** Sets a new e-mail address; every other session of the account ends. */
    const changeEmail = (user: UserRow, next: string, keepSession: string | undefined) => {
      transaction(db, () => {
        const owner = findUserByEmail(db, next);
        if (owner && owner.id !== user.id) throw new ApiError(422, EMAIL_TAKEN_MESSAGE);
        db.prepare('UPDATE users SET email = ? WHERE id = ?').run(next, user.id);
        if (next.toLowerCase() !== user.email.toLowerCase()) revokeOtherSessions(db, user.id, keepSession);
      });
    };
    // Every check of the current password counts as a login attempt does (per account and client).
    const currentPasswordIs = (c: Context<ApiEnv>, user: UserRow, password: string): boolean =>
      guessPassword(c, ctx, user.email, () => verifyPassword(password, user.password_hash) || undefined) === true;
    const userOf = (c: Context<ApiEnv>): UserRow => {
      const claims = c.get('user');
      if (!claims) throw new ApiError(401, 'user is not logged in');
      return requireUserRow(db, claims.userid);
    };

    app.on('GET', ['/a/user', honoPath(getUser.path)], requireUser, (c) => {
      const user = userOf(c);
      return c.json({
        shipping: parseJson(user.shipping_json),
        billing: parseJson(user.billing_json),
        user: { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name, role: user.role },
      });
    });

    // A stolen access token alone must not be enough to take the account over: the e-mail is
    // where a password reset goes, so changing it needs the current password.
    app.on(...at(changeEmailRoute), requireUser, valid('json', emailBody), (c) => {
      const user = userOf(c);
      const body = c.req.valid('json');
      if (!currentPasswordIs(c, user, body.passwordold)) throw new ApiError(403, WRONG_CURRENT_PASSWORD_MESSAGE);
      changeEmail(user, body.emailAddress, c.get('user')?.sid);
      return c.json({ ok: true });
    });

    app.on(...at(changePassword), requireUser, valid('json', passwordBody), (c) => {
      const user = userOf(c);
      const body = c.req.valid('json');
      if (!currentPasswordIs(c, user, body.passwordold)) throw new ApiError(422, OLD_PASSWORD_MESSAGE);
      transaction(db, () => {
        db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hashPassword(body.password), user.id);
        revokeOtherSessions(db, user.id, c.get('user')?.sid);
      });
      return c.json({ ok: true });
    });

    // Answers the same text whether or not the address has an account, so it reveals none.
    const resetLimiters = {
      perClient: createRateLimiter(RESET_PER_CLIENT),
      perAddress: createRateLimiter(RESET_PER_ADDRESS),
    };
    ctx.limiters.push(resetLimiters.perClient, resetLimiters.perAddress);
    app.on(...at(resetPassword), valid('json', resetBody), (c) => {
      const { email } = c.req.valid('json');
      if (!limitsSkipped(c, ctx)) {
        const refused = overLimit(
          c,
          [
            { limiter: resetLimiters.perClient, key: clientKey(c), windowMs: RESET_PER_CLIENT.windowMs },
            { limiter: resetLimiters.perAddress, key: email.toLowerCase(), windowMs: RESET_PER_ADDRESS.windowMs },
          ],
          ctx.now().getTime(),
        );
        if (refused) return refused;
      }
      const user = findUserByEmail(db, email);
      if (user)
        db.prepare('INSERT INTO password_resets (token_hash, user_id) VALUES (?, ?)').run(
          hashResetToken(randomBytes(32).toString('base64url')),
          user.id,
        );
      return c.json({ message: RESET_ANSWER });
    });

    const signupLimiters = {
      perClient: createRateLimiter(SIGNUP_PER_CLIENT),
      perAddress: createRateLimiter(SIGNUP_PER_ADDRESS),
    };
    ctx.limiters.push(signupLimiters.perClient, signupLimiters.perAddress);
    /** The 429 a sign-up past either limit answers, else null (the attempt is counted). */
    const signupRefused = (c: Context<ApiEnv>, email: string) =>
      limitsSkipped(c, ctx)
        ? null
        : overLimit(
            c,
            [
              { limiter: signupLimiters.perClient, key: clientKey(c), windowMs: SIGNUP_PER_CLIENT.windowMs },
              { limiter: signupLimiters.perAddress, key: email.toLowerCase(), windowMs: SIGNUP_PER_ADDRESS.windowMs },
            ],
            ctx.now().getTime(),
          );

    app.on(...at(addSubscriber), valid('json', subscriberBody), async (c) => {
      const body = c.req.valid('json');
      const refused = signupRefused(c, body.email);
      if (refused) return refused;
      const user = transaction(db, () =>
        createUser(db, {
          email: body.email,
          password: body.password,
          role: 'subscriber',
          firstName: body.fname,
          lastName: body.lname,
          subscription: body.subscription,
        }),
      );
      return c.json(await openSession(ctx, user));
    });

    app.on(...at(addCustomer), valid('json', customerBody), async (c) => {
      const body = c.req.valid('json');
      const billing = billingOf(body);
      const signedIn = c.get('user');
      const refused = signedIn ? null : signupRefused(c, body.email);
      if (refused) return refused;
      // A signed-in subscriber completing the customer form becomes a customer. The password
      // sent must be the account's own: this call never changes it (PATCH a/user/password does).
      // It is checked before the transaction, so that a wrong one is counted, not rolled back.
      const self = signedIn ? findUserByEmail(db, body.email) : undefined;
      if (self && self.id === signedIn?.userid && !currentPasswordIs(c, self, body.password))
        throw new ApiError(403, WRONG_CURRENT_PASSWORD_MESSAGE);
      const user = transaction(db, () => {
        const existing = findUserByEmail(db, body.email);
        if (existing && signedIn && existing.id === signedIn.userid) {
          db.prepare(
            "UPDATE users SET role = CASE WHEN role = 'subscriber' THEN 'customer' ELSE role END, first_name = ?, last_name = ?, subscription = ?, shipping_json = ?, billing_json = ? WHERE id = ?",
          ).run(
            body.shippingData.firstName,
            body.shippingData.lastName,
            body.subscription,
            JSON.stringify(body.shippingData),
            JSON.stringify(billing),
            existing.id,
          );
          return requireUserRow(db, existing.id);
        }
        return createUser(db, {
          email: body.email,
          password: body.password,
          role: 'customer',
          firstName: body.shippingData.firstName,
          lastName: body.shippingData.lastName,
          subscription: body.subscription,
          shipping: body.shippingData,
          billing,
        });
      });
      attachBasket(db, body.basketNum, user.id, callerOf(c));
      return c.json(await openSession(ctx, user));
    });

    // A subscriber who saves the customer form becomes a customer; the answer then carries a new
    // session (as login does) so the role in the access token follows at once.
    // The record's e-mail changes here only with the current password (`passwordold`), as in
    // PATCH a/user/email.
    app.on(...at(updateCustomer), requireUser, valid('json', customerUpdateBody), async (c) => {
      const body = c.req.valid('json');
      const user = userOf(c);
      if (body.userid !== user.id) throw new ApiError(403, 'not allowed to change another customer');
      const billing = billingOf(body);
      if (body.email.toLowerCase() !== user.email.toLowerCase()) {
        if (!body.passwordold || !currentPasswordIs(c, user, body.passwordold))
          throw new ApiError(403, CURRENT_PASSWORD_NEEDED_MESSAGE);
        changeEmail(user, body.email, c.get('user')?.sid);
      }
      db.prepare(
        "UPDATE users SET email = ?, role = CASE WHEN role = 'subscriber' THEN 'customer' ELSE role END, first_name = ?, last_name = ?, subscription = ?, shipping_json = ?, billing_json = ? WHERE id = ?",
      ).run(
        body.email,
        body.shippingData.firstName,
        body.shippingData.lastName,
        body.subscription,
        JSON.stringify(body.shippingData),
        JSON.stringify(billing),
        user.id,
      );
      attachBasket(db, body.basketNum, user.id, callerOf(c));
      if (user.role !== 'subscriber') return c.json({ ok: true });
      return c.json({ ok: true, ...(await openSession(ctx, requireUserRow(db, user.id))) });
    });

    const basketParam = valid('param', basketParams);

    // The guest record names a person: only the basket's owner reads or rewrites it.
    app.on(...at(getGuest), basketParam, (c) => {
      const basket = requireBasketFor(db, c.req.valid('param').basketNum, callerOf(c), 'personal');
      const guest = db.prepare('SELECT guest_json FROM baskets WHERE basket_num = ?').get(basket.basket_num) as {
        guest_json: string | null;
      };
      const record = parseJson(guest.guest_json);
      if (!record) throw new ApiError(404, 'guest record not found');
      return c.json(record);
    });

    app.on(...at(putGuest), basketParam, valid('json', guestBody), (c) => {
      const caller = callerOf(c);
      const basket = requireBasketFor(db, c.req.valid('param').basketNum, caller, 'personal');
      // The first guest record makes the presenting key the basket's owner.
      if (basket.owner_key === null && caller.key === null) throw new ApiError(400, 'X-Basket-Key: required');
      const body = c.req.valid('json');
      const record = { ...body, billingData: billingOf(body), basketNum: basket.basket_num };
      db.prepare('UPDATE baskets SET guest_json = ?, owner_key = COALESCE(owner_key, ?) WHERE basket_num = ?').run(
        JSON.stringify(record),
        caller.key,
        basket.basket_num,
      );
      return c.json(record);
    });
  },
};
