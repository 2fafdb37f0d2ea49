import { z } from 'zod';
import zipcodes from 'zipcodes';
import { valid } from '../core/validate.ts';
import { ApiError } from '../core/errors.ts';
import { requireBasket } from '../data/baskets.ts';
import { provinceCode, validateAddress, type PostalLookup } from '../rules/address-validation.ts';
import type { RouteModule } from '../core/route-module.ts';

const lookup: PostalLookup = (country, postalCode) => {
  const place = zipcodes.lookup(postalCode);
  if (!place) return undefined;
  const placeCountry = place.country === 'Canada' || place.country === 'CA' ? 'CA' : 'US';
  if (placeCountry !== country) return undefined;
  return { city: place.city, state: country === 'CA' ? provinceCode(place.state) : place.state };
};

const field = () => z.string().trim().min(1, 'required').max(200);

/** POST v2/address/validate: a signed-in user, or a basket, may validate addresses. */
export const addressModule: RouteModule = {
  name: 'address',
  register(app, ctx) {
    app.post(
      '/v2/address/validate',
      valid(
        'json',
        z.object({
          street1: field(),
          street2: z.string().max(200).optional(),
          city: field(),
          state: field(),
          zip: z.string().trim().min(4, 'Too short').max(12),
          country: z.string().trim().regex(/^[A-Za-z]{2}(\^.*)?$/, 'Use two-letter country code, i.e.: US'),
          basket: z.string().trim().max(64).optional(),
        }),
      ),
      (c) => {
        const body = c.req.valid('json');
        if (!c.get('user')) {
          if (!body.basket) throw new ApiError(400, 'basket: required');
          requireBasket(ctx.db, body.basket);
        }
        const errors = validateAddress(body, lookup);
        if (errors.length > 0) return c.json({ success: false, errors }, 422);
        return c.json({ success: true, errors: [] });
      },
    );
  },
};
