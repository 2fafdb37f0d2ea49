import { describe, expect, it } from 'vitest';
import { readAddress } from '~/lib/store-api/addresses';

const street = {
  company: '',
  address1: '175 S Main St',
  address2: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84111',
  country: 'US',
  phone: '8015550142',
};

describe('readAddress', () => {
  it('reads the names as the customer answer sends them (firstName, lastName)', () => {
    expect(readAddress({ ...street, firstName: 'Casey', lastName: 'Marsh' })).toMatchObject({
      firstname: 'Casey',
      lastname: 'Marsh',
      address1: '175 S Main St',
    });
  });

  it('reads the lower-case names of older records', () => {
    expect(readAddress({ ...street, firstname: 'Ana', lastname: 'Diaz' })).toMatchObject({
      firstname: 'Ana',
      lastname: 'Diaz',
    });
  });

  it('has no address without a street, or without a record', () => {
    expect(readAddress({ ...street, address1: '', firstName: 'Casey' })).toBeNull();
    expect(readAddress(null)).toBeNull();
    expect(readAddress('175 S Main St')).toBeNull();
  });
});
