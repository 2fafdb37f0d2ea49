import { forwardRef } from 'react';
import type { Translate } from '~/lib/i18n/translate';
import { ERROR_KEYS, type FieldPath, type FormErrors } from './validation';

interface Props {
  errors: FormErrors;
  t: Translate;
  /** The visible label of each field, for "Label: message". */
  labelOf: (path: FieldPath) => string;
  idOf: (path: FieldPath) => string;
  /** The fields in the order the form shows them. */
  order: readonly FieldPath[];
}

/** "Please correct the highlighted fields" with one linked line per problem in form order; focus moves here after a failed submit. */
const ErrorSummary = forwardRef<HTMLDivElement, Props>(function ErrorSummary({ errors, t, labelOf, idOf, order }, ref) {
  const rank = (path: FieldPath) => (order.includes(path) ? order.indexOf(path) : order.length);
  const entries = (Object.entries(errors) as [FieldPath, keyof typeof ERROR_KEYS][]).sort(
    ([a], [b]) => rank(a) - rank(b),
  );
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
