import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { ADDRESS_FIELDS, type AddressField, type SubmitResult } from '~/features/customer-form/customer-form';
import { submitCustomer } from '~/features/customer-form/customer-form.server';
import { formText } from './form-input';

const addressShape = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, formText()])) as Record<
  AddressField,
  ReturnType<typeof formText>
>;

const valuesSchema = z.object({
  shipping: z.object({ ...addressShape, address_verified: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
  billing: z.object(addressShape),
  email: formText(),
  subscribe: z.boolean(),
  differentBillingAddress: z.boolean(),
  createAccount: z.boolean(),
  password: formText(),
  passwordConfirm: formText(),
});

export const customerForm = {
  /** Saves the customer form the way its island chose: a guest record, a new account or a customer's update. */
  submit: defineAction({
    accept: 'json',
    input: z.object({
      action: z.enum(['customerAdd', 'customerUpdate', 'guestPost']),
      mode: z.enum(['edit', 'guestEdit', 'guest', 'create']),
      basketNum: formText(100),
      userid: z.union([z.string().max(100), z.number()]).optional(),
      values: valuesSchema,
    }),
    handler: (input, context): Promise<SubmitResult> => submitCustomer(context, input),
  }),
};
