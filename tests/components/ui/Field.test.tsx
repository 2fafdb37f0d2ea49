// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Field from '~/components/ui/Field';

describe('<Field>', () => {
  afterEach(cleanup);

  it('labels an input and keeps what is typed', async () => {
    render(<Field label="City" name="city" />);
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    await userEvent.type(input, 'Boise');
    expect((input as HTMLInputElement).value).toBe('Boise');
  });

  it('ties the error and hint to the control and marks it invalid', () => {
    render(<Field label="Zip" name="zip" hint="Five digits" error="Too short" />);
    const input = screen.getByRole('textbox', { name: 'Zip' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['Five digits', 'Too short']);
  });

  it('renders a select with options', async () => {
    render(
      <Field
        as="select"
        label="Country"
        name="country"
        defaultValue="US"
        options={[
          { value: 'US', label: 'United States' },
          { value: 'CA', label: 'Canada' },
        ]}
        error="This field is required"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required').id).toBe(select.getAttribute('aria-describedby'));
    await userEvent.selectOptions(select, 'CA');
    expect((select as HTMLSelectElement).value).toBe('CA');
  });

  it('renders a textarea', () => {
    render(<Field as="textarea" label="Part numbers" name="parts" rows={4} />);
    expect(screen.getByRole('textbox', { name: 'Part numbers' }).tagName).toBe('TEXTAREA');
  });
});
