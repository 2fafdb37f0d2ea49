/** Demo accounts seeded on every fresh database (also printed by `npm start`). */
export const DEMO_ACCOUNTS = [
  { email: 'customer@example.com', password: 'Customer123!', role: 'customer', firstName: 'Casey', lastName: 'Marsh' },
  { email: 'acai@example.com', password: 'Acai12345!', role: 'acai', firstName: 'Alex', lastName: 'Acai' },
  { email: 'subscriber@example.com', password: 'Subscriber1!', role: 'subscriber', firstName: 'Sam', lastName: 'Tern' },
] as const;

/**
 * Every demo account ships to a real US address that the address validator accepts; the country
 * is stored as the customer form stores it, 'CC^Country name' (spec checkout §3).
 */
export function demoAddress(firstName: string, lastName: string, email: string) {
  return {
    firstName,
    lastName,
    company: '',
    address1: '175 S Main St',
    address2: '',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84111',
    country: 'US^United States',
    phone: '8015550142',
    email,
    address_verified: 2,
  };
}
