import { atom, type ReadableAtom } from 'nanostores';
import { addressCheckOf } from '~/lib/store-api/address-check';
import {
  GENERIC_ERROR_CODE,
  VALIDATE_DEBOUNCE_MS,
  nextState,
  precheck,
  stateOnLoad,
  stateOnOpen,
  type AddressError,
  type AddressInput,
  type ValidatorEvent,
  type ValidatorState,
  type VerifiedFlag,
} from './address';
import { validateAddressCall } from './address.api';

export interface AddressValidatorOptions {
  /** Sent when the visitor is not signed in. */
  basket?: string | undefined;
  /** The form keeps address_verified in step with the validator. */
  onVerified?: (verified: VerifiedFlag) => void;
  debounceMs?: number;
  send?: typeof validateAddressCall;
  /**
   * The address the form opens with and its stored flag: the first state follows them
   * (`stateOnOpen`), so the page the server draws already says what the island will.
   */
  opening?: { verified: VerifiedFlag; input: AddressInput };
}

export interface AddressValidator {
  $state: ReadableAtom<ValidatorState>;
  load: (verified: VerifiedFlag, input: AddressInput) => void;
  /** Any change of the address: re-checks at once and validates after the debounce. */
  change: (input: AddressInput) => void;
  validateNow: (input: AddressInput) => Promise<void>;
  confirm: () => void;
  /** A check made elsewhere (the server's, on saving) failed with these errors. */
  fail: (errors: AddressError[]) => void;
  dispose: () => void;
}

export function createAddressValidator(options: AddressValidatorOptions = {}): AddressValidator {
  const { opening } = options;
  const $state = atom<ValidatorState>(
    opening ? stateOnOpen(opening.verified, opening.input, options.basket) : stateOnLoad(0),
  );
  const send = options.send ?? validateAddressCall;
  const debounceMs = options.debounceMs ?? VALIDATE_DEBOUNCE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sequence = 0;

  const dispatch = (event: ValidatorEvent) => {
    const before = $state.get().verified;
    const after = nextState($state.get(), event);
    $state.set(after);
    if (after.verified !== before) options.onVerified?.(after.verified);
  };

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function validateNow(input: AddressInput): Promise<void> {
    clearTimer();
    const result = precheck(input, options.basket);
    if (result.kind !== 'call') {
      sequence += 1;
      dispatch({ type: 'precheck', result });
      return;
    }
    const mine = ++sequence;
    dispatch({ type: 'started' });
    const outcome = addressCheckOf(await send(result.request));
    if (mine !== sequence || !outcome) return;
    if (outcome.valid) dispatch({ type: 'succeeded' });
    else
      dispatch({
        type: 'failed',
        errors: outcome.errors.length > 0 ? outcome.errors : [{ code: GENERIC_ERROR_CODE, message: '' }],
      });
  }

  return {
    $state,
    load(verified, input) {
      $state.set(stateOnLoad(verified));
      if (verified === 0) {
        const result = precheck(input, options.basket);
        if (result.kind === 'call') timer = setTimeout(() => void validateNow(input), debounceMs);
        else dispatch({ type: 'precheck', result });
      }
    },
    change(input) {
      clearTimer();
      sequence += 1;
      const result = precheck(input, options.basket);
      dispatch({ type: 'precheck', result });
      if (result.kind === 'call') timer = setTimeout(() => void validateNow(input), debounceMs);
    },
    validateNow,
    confirm() {
      dispatch({ type: 'confirmed' });
    },
    fail(errors) {
      clearTimer();
      sequence += 1;
      dispatch({ type: 'failed', errors });
    },
    dispose: clearTimer,
  };
}
