import { forwardRef } from 'react';
import type { Translate } from '~/lib/i18n/translate';
import { ERROR_KEYS, type FieldPath, type FormErrors } from './customer-form';

interface Props {
  errors: FormErrors;
  t: Translate;
  /** The visible label of each field, for "Label: message". */
  labelOf: (path: FieldPath) => string;
  idOf: (path: FieldPath) => string;
}

/** "errors in form" with one linked line per problem; focus moves here after a failed submit. */
const ErrorSummary = forwardRef<HTMLDivElement, Props>(function ErrorSummary({ errors, t, labelOf, idOf }, ref) {
  const entries = Object.entries(errors) as [FieldPath, keyof typeof ERROR_KEYS][];
  if (entries.length === 0) return null;
  return (
    <div
      ref={ref}
      className="notice notice--error customer-form__errors"
      tabIndex={-1}
      role="alert"
      aria-labelledby="customer-form-errors-title"
    >
      <h2 id="customer-form-errors-title">{t('validation.errorsInForm')}</h2>
      <ul>
        {entries.map(([path, code]) => (
          <li key={path}>
            <a href={`#${idOf(path)}`}>
              {labelOf(path)}: {t(ERROR_KEYS[code])}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});

export default ErrorSummary;
