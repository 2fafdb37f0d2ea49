import { useStore } from '@nanostores/react';
import type { Translate } from '~/lib/i18n/translate';
import { errorMessage, formFieldOf, toneOf, visibleButtons, type AddressInput } from './address';
import type { AddressValidator as Validator } from './address.store';
import './address.css';

interface Props {
  validator: Validator;
  input: AddressInput;
  t: Translate;
  readOnly?: boolean;
  /** Applies a suggestion to the named field of the form. */
  onUse: (field: keyof AddressInput, value: string) => void;
}

/** States, errors with suggestions, and the validate / confirm buttons of the address check. */
export default function AddressValidator({ validator, input, t, readOnly = false, onUse }: Props) {
  const state = useStore(validator.$state);
  const buttons = visibleButtons(state, readOnly);
  const tone = toneOf(state);
  const performed = state.status !== 'notPerformed' && state.status !== 'validating';

  return (
    <section className={`address-check address-check--${tone}`} aria-labelledby="address-check-title">
      <h2 id="address-check-title">{t('address.title')}</h2>
      <div role="status" aria-live="polite">
        {state.status === 'validating' && <p>{t('address.validating')}</p>}
        {state.status === 'notPerformed' && state.missing.length === 0 && !state.zipTooShort && (
          <p>{t('address.notValidated')}</p>
        )}
        {state.status === 'valid' && <p>{t('address.valid')}</p>}
        {state.status === 'confirmed' && <p>{t('address.confirmed')}</p>}
        {state.status === 'invalid' && state.errors.length === 0 && <p>{t('address.notVerified')}</p>}
      </div>
      {(state.missing.length > 0 || state.zipTooShort) && (
        <ul className="address-check__problems">
          {state.missing.map((field) => (
            <li key={field}>{t('address.required', { field: t(`address.field.${field}`) })}</li>
          ))}
          {state.zipTooShort && <li>{t('address.zipTooShort')}</li>}
        </ul>
      )}
      {state.status === 'invalid' && state.errors.length > 0 && (
        <ul className="address-check__errors">
          {state.errors.map((error, index) => {
            const field = formFieldOf(error.field);
            return (
              <li key={`${error.code ?? ''}-${index}`}>
                <span>{errorMessage(error, t)}</span>
                {error.suggestion && field && (
                  <span className="address-check__suggestion">
                    {' '}
                    {t('address.suggestion', { value: error.suggestion })}{' '}
                    {!readOnly && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => onUse(field, error.suggestion ?? '')}
                      >
                        {t('address.use', { value: error.suggestion })}
                      </button>
                    )}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {buttons.fillInFields && <p className="address-check__prompt">{t('address.fillInFields')}</p>}
      <div className="address-check__actions">
        {buttons.validate && (
          <button type="button" className="button button--secondary" onClick={() => void validator.validateNow(input)}>
            {performed ? t('address.repeat') : t('address.validate')}
          </button>
        )}
        {buttons.confirm && (
          <button type="button" className="button button--secondary" onClick={validator.confirm}>
            {t('address.confirm')}
          </button>
        )}
      </div>
    </section>
  );
}
