import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './field.css';

interface FieldBase {
  label: string;
  /** Translated message shown under the control; marks it invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Classes of the field's wrapper (its place in a form grid). */
  wrapperClass?: string | undefined;
  /**
   * A control drawn inside the input's box at its end (a show-password button). Pass null until
   * it exists: the input keeps its place in the tree, so text typed before the island woke stays.
   */
  trailing?: ReactNode;
}

export interface SelectOption {
  value: string;
  label: string;
}

type InputField = FieldBase & { as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;
type SelectField = FieldBase & { as: 'select'; options: readonly SelectOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'children'
  >;
type TextareaField = FieldBase & { as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

export type FieldProps = InputField | SelectField | TextareaField;

/** A labelled form control whose hint and error are read with it (aria-describedby). */
export default function Field(props: FieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(props.error);
  const describedBy =
    [props['aria-describedby'], props.hint ? hintId : undefined, invalid ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  const shared = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };

  let control;
  if (props.as === 'select') {
    const {
      as: _as,
      label: _label,
      error: _error,
      hint: _hint,
      wrapperClass: _w,
      trailing: _tr,
      options,
      ...rest
    } = props;
    control = (
      <select {...rest} {...shared}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (props.as === 'textarea') {
    const { as: _as, label: _label, error: _error, hint: _hint, wrapperClass: _w, trailing: _tr, ...rest } = props;
    control = <textarea {...rest} {...shared} />;
  } else {
    const { as: _as, label: _label, error: _error, hint: _hint, wrapperClass: _w, trailing: _tr, ...rest } = props;
    // A text box says so: an autocomplete token on an input without a type reads as invalid to checkers.
    control = <input type="text" {...rest} {...shared} />;
  }

  return (
    <div className={['field', invalid && 'field--invalid', props.wrapperClass].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{props.label}</label>
      {props.trailing !== undefined ? (
        <div className="field__control">
          {control}
          {props.trailing}
        </div>
      ) : (
        control
      )}
      {props.hint && (
        <span id={hintId} className="field__hint">
          {props.hint}
        </span>
      )}
      {invalid && (
        <span id={errorId} className="field__error">
          {props.error}
        </span>
      )}
    </div>
  );
}
