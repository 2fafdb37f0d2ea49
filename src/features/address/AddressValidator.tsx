import { useStore } from '@nanostores/react';
import type { Translate } from '~/lib/i18n/translate';
import { ADDRESS_KEPT, errorMessage, formFieldOf, visibleButtons, type AddressInput } from './address';
import type { AddressValidator as Validator } from './address.store';

interface Props {
  validator: Validator;
  input: AddressInput;
  t: Translate;
  readOnly?: boolean;
  /**
   * Before the script runs (or without it) the buttons are the form's own: "Keep as entered" posts
   * the form with that choice and "Check again" posts it for the server's check.
   */
  plain?: boolean;
  /** Applies a suggestion to the named field of the form. */
  onUse: (field: keyof AddressInput, value: string) => void;
}

type Suggested = Partial<Record<keyof AddressInput, string>>;

/** The address as one line, the parts the check would change in bold. */
function AddressLine({ input, suggested }: { input: AddressInput; suggested: Suggested }) {
  const part = (field: keyof AddressInput) => {
    const value = suggested[field] ?? input[field].trim();
    return suggested[field] === undefined ? value : <strong>{value}</strong>;
  };
  return (
    <>
      {part('address1')}
      {input.address2.trim() || suggested.address2 ? <>, {part('address2')}</> : null}, {part('city')}, {part('state')}{' '}
      {part('zip')}
    </>
  );
}

/**
 * The address check: a quiet line while nothing is wrong ("Address is valid" in place, so the
 * layout does not move), and one card when the check failed: "Did you mean …?" with Use suggested
 * and Keep as entered, or "We couldn't verify this address" with Keep as entered and Check again.
 * Missing fields are not repeated here (the form shows them under the fields); a ZIP or street
 * too short to check is named in the quiet line, in place of a button that could do nothing.
 */
export default function AddressValidator({ validator, input, t, readOnly = false, plain = false, onUse }: Props) {
  const state = useStore(validator.$state);
  const buttons = visibleButtons(state, readOnly);
  const failed = state.status === 'invalid' && state.errors.length > 0;
  const suggested: Suggested = {};
  for (const error of state.errors) {
    const field = formFieldOf(error.field);
    if (field && error.suggestion) suggested[field] = error.suggestion;
  }
  const suggestions = Object.entries(suggested) as [keyof AddressInput, string][];
  const messages = [...new Set(state.errors.map((error) => errorMessage(error, t)).filter(Boolean))];
  const performed = state.status !== 'notPerformed' && state.status !== 'validating';
  const recheck = buttons.validate && state.status !== 'valid' && !(failed && suggestions.length > 0);

  return (
    <section
      className={`address-check${failed ? ` address-check--card address-check--${suggestions.length > 0 ? 'warning' : 'error'}` : ''}`}
      aria-labelledby="address-check-title"
    >
      <h2 id="address-check-title" className="visually-hidden">
        {t('address.title')}
      </h2>
      {failed && (
        <p className="address-check__question">
          {suggestions.length > 0 ? t('address.didYouMean') : t('address.couldNotVerify')}
        </p>
      )}
      {failed && suggestions.length > 0 && (
        <p className="address-check__suggested">
          <AddressLine input={input} suggested={suggested} />
        </p>
      )}
      {failed && (
        <ul className="address-check__errors">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div role="status" aria-live="polite" className={`address-check__status address-check__status--${state.status}`}>
        {state.status === 'validating' && t('address.validating')}
        {state.status === 'notPerformed' &&
          state.missing.length === 0 &&
          (state.zipTooShort
            ? t('address.zipTooShort')
            : state.streetTooShort
              ? t('address.streetTooShort')
              : t('address.notValidated'))}
        {state.status === 'valid' && t('address.valid')}
        {state.status === 'confirmed' && t('address.confirmed')}
        {state.status === 'invalid' && state.errors.length === 0 && t('address.notVerified')}
        {buttons.fillInFields && t('address.fillInFields')}
      </div>
      {(buttons.confirm || recheck || (failed && suggestions.length > 0 && !readOnly && !plain)) && (
        <div className="address-check__actions">
          {failed && suggestions.length > 0 && !readOnly && !plain && (
            <button
              type="button"
              className="button"
              onClick={() => {
                for (const [field, value] of suggestions) onUse(field, value);
              }}
            >
              {t('address.useSuggested')}
            </button>
          )}
          {buttons.confirm &&
            (plain ? (
              <button type="submit" name="addressCheck" value={ADDRESS_KEPT} className="button button--secondary">
                {t('address.confirm')}
              </button>
            ) : (
              <button type="button" className="button button--secondary" onClick={validator.confirm}>
                {t('address.confirm')}
              </button>
            ))}
          {recheck &&
            (plain ? (
              <button type="submit" className="button button--quiet">
                {performed ? t('address.repeat') : t('address.validate')}
              </button>
            ) : (
              <button type="button" className="button button--quiet" onClick={() => void validator.validateNow(input)}>
                {performed ? t('address.repeat') : t('address.validate')}
              </button>
            ))}
        </div>
      )}
    </section>
  );
}
