// What other features may use of the address check; everything else in this folder is its own.
export type { AddressInput } from './address';
export { createAddressValidator } from './address.store';
export { default as AddressValidator } from './AddressValidator';
export type { AddressError } from './address';
export { ADDRESS_KEPT, submitGate, savedVerification } from './address';
export { checkAddressOnServer } from './address.server';
