// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PostalAddress from '~/components/ui/PostalAddress';

afterEach(cleanup);

const address = {
  firstname: 'Ana',
  lastname: 'Diaz',
  company: '',
  address1: '12 Lake Rd',
  address2: 'Apt 4',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  country: 'US^United States',
  phone: '',
};

const linesOf = (container: HTMLElement) =>
  container
    .querySelector('address')
    ?.innerHTML.split('<br>')
    .map((line) => line.replace(/<[^>]+>/g, ''));

describe('PostalAddress', () => {
  it('prints the label lines and leaves out empty company and phone', () => {
    const { container } = render(<PostalAddress address={address} locale="en" />);
    expect(linesOf(container)).toEqual(['Ana Diaz', '12 Lake Rd Apt 4', 'Denver, CO 80202', 'United States']);
  });

  it("names the country in the shopper's language and formats the phone for reading", () => {
    const { container } = render(
      <PostalAddress address={{ ...address, country: 'US', phone: '3035550100' }} locale="es" />,
    );
    expect(linesOf(container)?.slice(-2)).toEqual(['Estados Unidos', '(303) 555-0100']);
    const abroad = render(
      <PostalAddress address={{ ...address, country: 'DE^Germany', phone: '+49 30 1234567' }} locale="fr" />,
    );
    expect(linesOf(abroad.container)?.slice(-2)).toEqual(['Allemagne', '+49 30 1234567']);
  });

  it('shows text as text', () => {
    const { container } = render(
      <PostalAddress address={{ ...address, company: '<img src=x onerror=alert(1)>' }} locale="en" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
