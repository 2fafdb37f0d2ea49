import Field, { type SelectOption } from '~/components/ui/Field';
import type { Translate } from '~/lib/i18n/translate';
import { ERROR_KEYS, type FormErrors } from './validation';
import { parseCountry } from './country-value';
import type { AddressField, AddressValues } from './form-values';
import { OTHER_REGION, regionsOf } from './regions';

interface Props {
  section: 'shipping' | 'billing';
  values: AddressValues;
  errors: FormErrors;
  countries: readonly SelectOption[];
  t: Translate;
  disabled: boolean;
  onChange: (field: AddressField, value: string) => void;
  /** The shopper left the field: its rule is checked then, not while typing. */
  onLeave?: (field: AddressField, next: EventTarget | null) => void;
}

/** Autocomplete tokens so browsers fill each block from the right saved address. */
const TOKENS: Readonly<Record<AddressField, string>> = {
  firstname: 'given-name',
  lastname: 'family-name',
  company: 'organization',
  country: 'country',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  phone: 'tel',
};

export function fieldId(section: 'shipping' | 'billing', field: string): string {
  return `${section}-${field}`;
}

/** One address block in the order shoppers expect: country, names, company, street lines, city · region · postal code, phone. */
export default function AddressFields({ section, values, errors, countries, t, disabled, onChange, onLeave }: Props) {
  const common = (field: AddressField) => {
    const code = errors[`${section}.${field}`];
    return {
      id: fieldId(section, field),
      name: `${section}.${field}`,
      value: values[field],
      autoComplete: `${section} ${TOKENS[field]}`,
      disabled,
      error: code ? t(ERROR_KEYS[code]) : undefined,
      onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
      onBlur: (event: { relatedTarget: EventTarget | null }) => onLeave?.(field, event.relatedTarget),
    };
  };
  const countryCode = parseCountry(values.country).code;
  const regions = regionsOf(countryCode);
  const regionOptions: SelectOption[] | null = regions
    ? [
        { value: '', label: t('customer.selectRegion') },
        ...regions,
        { value: OTHER_REGION, label: t('customer.regionOther') },
      ]
    : null;

  return (
    <div className="customer-form__grid">
      <Field {...common('country')} as="select" label={t('customer.field.country')} options={countries} required />
      <Field {...common('firstname')} wrapperClass="span-half" label={t('customer.field.firstname')} required />
      <Field {...common('lastname')} wrapperClass="span-half" label={t('customer.field.lastname')} required />
      <Field {...common('company')} label={t('customer.field.company')} hint={t('customer.optional')} />
      <Field {...common('address1')} label={t('customer.field.address1')} required />
      <Field {...common('address2')} label={t('customer.field.address2')} hint={t('customer.optional')} />
      <Field {...common('city')} wrapperClass="span-third" label={t('customer.field.city')} required />
      {regionOptions ? (
        <Field
          {...common('state')}
          wrapperClass="span-third"
          as="select"
          label={countryCode === 'CA' ? t('customer.field.province') : t('customer.field.state')}
          options={regionOptions}
          required
        />
      ) : (
        <Field {...common('state')} wrapperClass="span-third" label={t('customer.field.region')} required />
      )}
      <Field
        {...common('zip')}
        wrapperClass="span-third"
        label={countryCode === 'US' ? t('customer.field.zip') : t('customer.field.postalCode')}
        required
      />
      <Field {...common('phone')} type="tel" label={t('customer.field.phone')} required />
    </div>
  );
}
