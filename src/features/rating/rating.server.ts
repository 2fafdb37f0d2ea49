import type { APIContext } from 'astro';
import { isStoreOutage } from '~/lib/http/unavailable';
import { PUBLIC_PAGE_CACHE } from '~/lib/http/cache';
import { LOCALES, localeNames, type Locale } from '~/lib/i18n/locales';
import { messageText } from '~/lib/i18n/message-ref';
import type { Translate } from '~/lib/i18n/translate';
import { formActionPath, formActionResult } from '~/lib/server/form-action';
import { closedRatingText, initialRating, type RatingErrors, type RatingPayload, type RatingResult } from './rating';
import { ratingSubmit } from './rating.actions';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { failureAnswer, sendFromServer } from '~/lib/store-api/server';

export type RatingView =
  | { kind: 'form'; greeting: { dealer: string; firstName: string } | null }
  | { kind: 'closed'; message: string }
  | { kind: 'thanks' };

/** Everything the rating page renders, with its answer's status and caching. */
export interface RatingPage {
  view: RatingView;
  values: RatingPayload;
  /** Each refused field's message, translated. */
  fieldErrors: Partial<Record<keyof RatingErrors, string>>;
  submitError: string | null;
  status: number;
  cacheControl: string;
  action: string;
  languages: ReadonlyArray<{ locale: Locale; name: string; href: string }>;
}

type PageContext = Pick<APIContext, 'request' | 'url' | 'getActionResult' | 'callAction'> & {
  locals: { t: Translate; locale: Locale };
};

function fieldErrorText(error: RatingErrors[keyof RatingErrors], t: Translate): string | undefined {
  if (!error) return undefined;
  return error === 'required'
    ? t('validation.required')
    : error === 'range'
      ? t('rating.rangeError')
      : t('validation.incorrectValue');
}

/** A rating link's page before anything was posted: the greeting of an open link, or why it is closed. */
async function firstView(
  orderNo: string,
  t: Translate,
): Promise<{ view: RatingView; status: number; cacheControl: string }> {
  if (!orderNo)
    return {
      view: { kind: 'closed', message: t('rating.missingOrder') },
      status: 404,
      cacheControl: PUBLIC_PAGE_CACHE,
    };
  const check = await sendFromServer(ENDPOINTS.ratingGet, { params: { orderNoEnc: orderNo } });
  const greeting = check.ok ? check.value : null;
  const failure = check.ok ? { status: 200, body: null, message: '' } : failureAnswer(check.failure);
  const message = failure.body !== null ? failure.message : null;
  return {
    view: greeting
      ? { kind: 'form', greeting }
      : {
          kind: 'closed',
          message: closedRatingText(
            { status: failure.status, message },
            { reviewedAlready: t('rating.reviewedAlready'), orderNotFound: t('rating.orderNotFound') },
          ),
        },
    // The store API out: the link is not closed, the page could not be drawn (src/lib/http/unavailable.ts).
    status: isStoreOutage(failure.status) ? 503 : 200,
    // The check answer depends on whether the order has been rated, so a shared cache must not keep it.
    cacheControl: 'private, no-store',
  };
}

export async function ratingPage(context: PageContext): Promise<RatingPage> {
  const { t, locale } = context.locals;
  const { url } = context;
  const orderNo = (url.searchParams.get('orderno') ?? '').trim();
  const languages = LOCALES.filter((other) => other !== locale).map((other) => {
    const href = new URL(url);
    href.searchParams.set('language_id', other);
    return { locale: other, name: localeNames[other], href: `${href.pathname}${href.search}` };
  });
  const page: RatingPage = {
    view: { kind: 'form', greeting: null },
    values: {
      store_rating: initialRating(url.searchParams.get('rating')),
      shopping_experience: '',
      engine_make: '',
      repair_difficulty: '',
      repair_time: '',
      repair_symptoms: '',
      repair_story: '',
    },
    fieldErrors: {},
    submitError: null,
    status: 200,
    cacheControl: 'no-store',
    action: formActionPath(url, ratingSubmit),
    languages,
  };
  const posted = await formActionResult(context, ratingSubmit);
  if (!posted) return { ...page, ...(await firstView(orderNo, t)) };
  const result: RatingResult = posted.data ?? {
    kind: 'form',
    values: page.values,
    errors: {},
    submitError: { key: 'rating.errorOccurred' },
    status: 400,
  };
  if (result.kind === 'thanks') return { ...page, view: { kind: 'thanks' } };
  if (result.kind === 'closed')
    return { ...page, view: { kind: 'closed', message: messageText(result.message, t) }, status: result.status ?? 200 };
  const fieldErrors = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, fieldErrorText(error, t)]),
  );
  // The form comes back to be corrected: it greets the shopper as it did before the post.
  const again = await firstView(orderNo, t);
  return {
    ...page,
    view: { kind: 'form', greeting: again.view.kind === 'form' ? again.view.greeting : null },
    values: result.values,
    fieldErrors,
    submitError: result.submitError ? messageText(result.submitError, t) : null,
    status: result.status,
  };
}
