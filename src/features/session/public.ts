// What other features may use of the session; everything else in this folder is the session's own.
export {
  connectionErrorKey,
  hasErrors,
  isPasswordTooShort,
  validateEmailChange,
  validatePasswordChange,
  VALIDATION_KEYS,
  type FieldErrors,
  type PasswordChangeFields,
} from './session';
export { authorizeGuest, onSessionCleared } from './session.store';
