import { defineAction } from 'astro:actions';
import { ratingSubmitFailure, readRatingForm, type RatingResult } from '~/features/rating/rating';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { failureAnswer, sendFromServer } from '~/lib/store-api/server';

export const rating = {
  /**
   * A review of the order the link names (`?orderno=`). Cross-site posts never get here: Astro's
   * origin check refuses them, and a body that is not this form reads as an empty one.
   */
  submit: defineAction({
    accept: 'form',
    handler: async (form: FormData, context): Promise<RatingResult> => {
      const orderNo = (context.url.searchParams.get('orderno') ?? '').trim();
      if (!orderNo) return { kind: 'closed', message: { key: 'rating.missingOrder' } };
      const { payload, errors } = readRatingForm(form);
      if (Object.keys(errors).length > 0) return { kind: 'form', values: payload, errors, status: 422 };
      const answer = await sendFromServer(ENDPOINTS.ratingPost, { params: { orderNoEnc: orderNo }, body: payload });
      if (answer.ok) return { kind: 'thanks' };
      const { status, body, message } = failureAnswer(answer.failure);
      return ratingSubmitFailure(status, payload, body !== null ? message : undefined, body);
    },
  }),
};
