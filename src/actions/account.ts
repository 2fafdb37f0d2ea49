import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { hasErrors, validateEmailChange, validatePasswordChange } from '~/features/session/session';
import {
  changeFailure,
  emailChangeRefusal,
  fieldErrorRefs,
  passwordChangeFailure,
  type ChangeResult,
} from '~/features/account/account';
import { formText } from './form-input';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendAsVisitor } from '~/lib/session/renewal';
import { failureAnswer } from '~/lib/store-api/server';
import { visitorHeaders } from '~/lib/server/client-address';
import { outageMark } from '~/lib/http/unavailable';

export const account = {
  /** A new e-mail address; the current password goes with it, the store refuses the change without it. */
  changeEmail: defineAction({
    accept: 'form',
    input: z.object({ emailAddress: formText(), passwordold: formText() }),
    handler: async (input, context): Promise<ChangeResult> => {
      const { values, errors } = validateEmailChange(input);
      const kept = { emailAddress: values.emailAddress };
      if (hasErrors(errors)) return { ok: false, errors: fieldErrorRefs(errors), values: kept };
      const answer = await sendAsVisitor(context, ENDPOINTS.userEmailChange, {
        body: values,
        headers: visitorHeaders(context),
      });
      if (answer.ok) return { ok: true };
      const { status, body } = failureAnswer(answer.failure);
      return {
        ...changeFailure(status, body, emailChangeRefusal(status)),
        values: kept,
        ...outageMark(answer.failure),
      };
    },
  }),

  changePassword: defineAction({
    accept: 'form',
    input: z.object({ passwordold: formText(), password: formText(), passwordConfirm: formText() }),
    handler: async (input, context): Promise<ChangeResult> => {
      const { values, errors } = validatePasswordChange(input);
      if (hasErrors(errors)) return { ok: false, errors: fieldErrorRefs(errors) };
      const answer = await sendAsVisitor(context, ENDPOINTS.userPasswordChange, {
        body: values,
        headers: visitorHeaders(context),
      });
      if (answer.ok) return { ok: true };
      const { status, body } = failureAnswer(answer.failure);
      return { ...passwordChangeFailure(status, body), ...outageMark(answer.failure) };
    },
  }),
};
