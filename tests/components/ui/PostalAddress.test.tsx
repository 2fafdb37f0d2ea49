// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PostalAddress, { countryName } from '~/components/ui/PostalAddress';

afterEach(cleanup);

const address = { firstname: 'Ana', lastname: 'Diaz', company: '', address1: '12 Lake Rd', address2: 'Apt 4', city: 'Denver', state: 'CO', zip: '80202', country: 'US^United States', phone: '' };

describe('PostalAddress', () => {
  it('prints the label lines and leaves out empty company and phone', () => {
    const { container } = render(<PostalAddress address={address} />);
    const lines = container.querySelector('address')?.innerHTML.split('<br>').map((line) => line.replace(/<[^>]+>/g, ''));
    expect(lines).toEqual(['Ana Diaz', '12 Lake Rd Apt 4', 'Denver, CO 80202', 'United States']);
  });

  it('shows text as text', () => {
    const { container } = render(<PostalAddress address={{ ...address, company: '<img src=x onerror=alert(1)>' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('shows countries without their code', () => {
    expect(countryName('CA^Canada')).toBe('Canada');
    expect(countryName('Germany')).toBe('Germany');
  });
});
