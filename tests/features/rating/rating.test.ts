import { describe, expect, it } from 'vitest';
import {
  closedRatingText,
  initialRating,
  NO_RATING,
  isSameOriginPost,
  ratingSubmitFailure,
  ratingTitleKey,
  readRatingForm,
  submitFailureText,
  validateRating,
} from '~/features/rating/rating';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('rating rules (checkout §5)', () => {
  it('preselects the rating query when it is 1 to 5, else 5', () => {
    expect(initialRating('3')).toBe(3);
    expect(initialRating('1')).toBe(1);
    expect(initialRating(null)).toBe(NO_RATING);
    expect(initialRating('')).toBe(NO_RATING);
    expect(initialRating('0')).toBe(NO_RATING);
    expect(initialRating('6')).toBe(NO_RATING);
    expect(initialRating('2.5')).toBe(NO_RATING);
    expect(initialRating('<b>')).toBe(NO_RATING);
  });

  it('accepts a complete review and trims every text', () => {
    const { payload, errors } = readRatingForm(
      form({
        store_rating: '4',
        shopping_experience: '  Great parts  ',
        repair_difficulty: 'Hard',
        repair_time: '1 to 2 hours',
        repair_story: ' ok ',
      }),
    );
    expect(errors).toEqual({});
    expect(payload).toMatchObject({
      store_rating: 4,
      shopping_experience: 'Great parts',
      repair_story: 'ok',
      engine_make: '',
    });
  });

  it('requires the star rating and the overall experience', () => {
    expect(readRatingForm(form({})).errors).toEqual({ store_rating: 'required', shopping_experience: 'required' });
    expect(readRatingForm(form({ store_rating: '5', shopping_experience: '   ' })).errors).toEqual({
      shopping_experience: 'required',
    });
  });

  it('keeps the star rating between 1 and 5', () => {
    for (const value of ['0', '6', '-1', '3.5', 'x']) {
      expect(readRatingForm(form({ store_rating: value, shopping_experience: 'fine' })).errors, value).toEqual({
        store_rating: 'range',
      });
    }
  });

  it('accepts only the listed difficulty and repair-time bands', () => {
    const base = { store_rating: 5, shopping_experience: 'ok', engine_make: '', repair_symptoms: '', repair_story: '' };
    expect(validateRating({ ...base, repair_difficulty: 'Impossible', repair_time: '' })).toEqual({
      repair_difficulty: 'option',
    });
    expect(validateRating({ ...base, repair_difficulty: 'Professional', repair_time: 'A week' })).toEqual({
      repair_time: 'option',
    });
    expect(validateRating({ ...base, repair_difficulty: '', repair_time: 'More than 4 hours' })).toEqual({});
  });
});

describe('rating page helpers', () => {
  it('handles posts only from this site', () => {
    const site = 'http://127.0.0.1:4321';
    expect(isSameOriginPost(new Headers({ origin: site }), site)).toBe(true);
    expect(isSameOriginPost(new Headers({ origin: 'https://evil.example' }), site)).toBe(false);
    expect(isSameOriginPost(new Headers({ referer: `${site}/public/rate-merchant/?orderno=x` }), site)).toBe(true);
    expect(isSameOriginPost(new Headers({ referer: 'https://evil.example/' }), site)).toBe(false);
    expect(isSameOriginPost(new Headers(), site)).toBe(false);
  });

  it('says what the failed submit answered, else nothing', () => {
    expect(submitFailureText('Order not found', undefined)).toBe('Order not found');
    expect(submitFailureText(undefined, ' busy ')).toBe('busy');
    expect(submitFailureText(undefined, { code: 1 })).toBeUndefined();
  });
});

describe('closed rating links (checkout §8)', () => {
  const reviewed = 'Cette commande a déjà été évaluée';
  const texts = { reviewedAlready: reviewed, orderNotFound: 'Commande introuvable' };
  it("says an order rated already in the page's language, not the API's English", () => {
    expect(closedRatingText({ status: 409, message: 'This order has been reviewed already' }, texts)).toBe(reviewed);
  });
  it("says a forged link's unknown order in the page's language: the spec's \"Order not found\"", () => {
    expect(closedRatingText({ status: 404, message: 'order not found' }, texts)).toBe('Commande introuvable');
  });
  it("shows any other failure's message, else the reviewed-already text", () => {
    expect(closedRatingText({ status: 400, message: 'bad link' }, texts)).toBe('bad link');
    expect(closedRatingText({ status: 500, message: null }, texts)).toBe(reviewed);
    expect(closedRatingText({ status: 200, message: '' }, texts)).toBe(reviewed);
  });
});

describe('a refused rating submit', () => {
  const values = {
    store_rating: 4,
    shopping_experience: 'fine',
    engine_make: '',
    repair_difficulty: '',
    repair_time: '',
    repair_symptoms: '',
    repair_story: '',
  };

  it('closes the form when the order was rated already', () => {
    expect(ratingSubmitFailure(409, values, 'already', { message: 'already' })).toEqual({
      kind: 'closed',
      message: { key: 'rating.reviewedAlready' },
      status: 409,
    });
  });

  it("keeps the form with the store's text, answering its client error or 502", () => {
    expect(ratingSubmitFailure(400, values, 'store_rating: bad', { message: 'store_rating: bad' })).toEqual({
      kind: 'form',
      values,
      errors: {},
      submitError: { text: 'store_rating: bad' },
      status: 400,
    });
    expect(ratingSubmitFailure(503, values, undefined, null)).toEqual({
      kind: 'form',
      values,
      errors: {},
      submitError: { key: 'rating.errorOccurred' },
      status: 502,
    });
  });
});

describe('the rating page title', () => {
  it('names the page as not found when the link names no order (404), else the rating', () => {
    expect(ratingTitleKey(404)).toBe('notFound.title');
    expect(ratingTitleKey(200)).toBe('rating.title');
    expect(ratingTitleKey(400)).toBe('rating.title');
  });
});
