import { defineAction } from 'astro:actions';
import { z } from 'zod';
import {
  keptValues,
  POSTED_FIELDS,
  submitInputFromForm,
  type PostedSubmitResult,
} from '~/features/customer-form/posted-form';
import { submitCustomer } from '~/features/customer-form/customer-form.server';
import { formText } from './form-input';

const postedShape = Object.fromEntries(POSTED_FIELDS.map((field) => [field, formText()])) as Record<
  (typeof POSTED_FIELDS)[number],
  ReturnType<typeof formText>
>;

export const customerForm = {
  /**
   * Saves the customer form: a guest record, a new account or a customer's update. The plain
   * form posts it to its own page; the island sends the same fields with the save it decided.
   */
  submit: defineAction({
    accept: 'form',
    input: z.object(postedShape),
    handler: async (input, context): Promise<PostedSubmitResult> => {
      const submit = submitInputFromForm(input);
      if (!submit) return { ok: false, failure: { key: 'validation.errorsInForm' } };
      const result = await submitCustomer(context, submit);
      return result.ok ? result : { ...result, kept: keptValues(submit.values) };
    },
  }),
};
