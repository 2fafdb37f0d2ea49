import { z } from 'zod';
import zipcodes from 'zipcodes';
import { valid } from '../core/validate.ts';
import { ApiError } from '../core/errors.ts';
import { requireBasket } from '../data/baskets.ts';
import { provinceCode, validateAddress, type PostalLookup } from '../rules/address-validation.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, failures, json, jsonBody } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

const lookup: PostalLookup = (country, postalCode) => {
  const place = zipcodes.lookup(postalCode);
  if (!place) return undefined;
  const placeCountry = place.country === 'Canada' || place.country === 'CA' ? 'CA' : 'US';
  if (placeCountry !== country) return undefined;
  return { city: place.city, state: country === 'CA' ? provinceCode(place.state) : place.state };
};

const field = () => z.string().trim().min(1, 'required').max(200);

const validateBody = z.object({
  street1: field(),
  street2: z.string().max(200).optional(),
  city: field(),
  state: field(),
  zip: z.string().trim().min(4, 'Too short').max(12),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}(\^.*)?$/, 'Use two-letter country code, i.e.: US'),
  basket: z.string().trim().max(64).optional(),
});
const addressError = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  suggestion: z.string().optional(),
});

const validateRoute = createRoute({
  method: 'post',
  path: '/v2/address/validate',
  summary: 'Checks a postal address (a token or a known basket needed)',
  request: { body: jsonBody(validateBody) },
  responses: {
    200: json(z.object({ success: z.literal(true), errors: z.array(addressError).max(0) })),
    422: json(z.object({ success: z.literal(false), errors: z.array(addressError) }), 'The address has problems'),
    ...failures(400, 404),
  },
});

/** POST v2/address/validate: a signed-in user, or a basket, may validate addresses. */
export const addressModule: RouteModule = {
  name: 'address',
  operations: [validateRoute],
  register(app, ctx) {
    app.on(...at(validateRoute), valid('json', validateBody), (c) => {
      const body = c.req.valid('json');
      if (!c.get('user')) {
        if (!body.basket) throw new ApiError(400, 'basket: required');
        requireBasket(ctx.db, body.basket);
      }
      const errors = validateAddress(body, lookup);
      if (errors.length > 0) return c.json({ success: false, errors }, 422);
      return c.json({ success: true, errors: [] });
    });
  },
};
