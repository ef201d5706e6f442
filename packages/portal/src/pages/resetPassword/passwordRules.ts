import { MIN_PASSWORD_LENGTH } from '@varde/core/contract';

/** Validation of the new-password form (core-shell §5): the resetPassword namespace's keys, or null. */
export type PasswordProblem = 'fieldRequired' | 'passwordTooShort' | 'passwordsDoNotMatch';

export function newPasswordProblem(password: string): PasswordProblem | null {
  if (password === '') return 'fieldRequired';
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  return null;
}

export function repeatPasswordProblem(password: string, repeat: string): PasswordProblem | null {
  if (repeat === '') return 'fieldRequired';
  if (repeat !== password) return 'passwordsDoNotMatch';
  return null;
}
