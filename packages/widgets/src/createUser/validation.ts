/**
 * The add-user rules (admin-modules spec, section 5), the same for the embedded form and the
 * add-user dialog: e-mail required and valid, name required, role required, phone optional,
 * site access optional; the embedded form also needs a password of at least 8 characters.
 * Errors are message keys of the createUser namespace, shown beside their fields.
 */
import { MIN_PASSWORD_LENGTH, userEmail, type Role } from '@varde/core/contract';

export interface NewUserValues {
  email: string;
  name: string;
  password: string;
  role: Role | '';
  phone: string;
  sites: string[];
}

export type NewUserField = 'email' | 'name' | 'password' | 'role' | 'phone';
export type NewUserErrors = Partial<Record<NewUserField, { key: string; values?: Record<string, unknown> }>>;

const PHONE = /^[+0-9 ()-]*$/;

export function validateNewUser(values: NewUserValues, options: { requirePassword: boolean; roles: readonly Role[] }): NewUserErrors {
  const errors: NewUserErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = { key: 'emailRequired' };
  else if (!userEmail.safeParse(email).success) errors.email = { key: 'emailInvalid' };
  if (!values.name.trim()) errors.name = { key: 'nameRequired' };
  // The embedded form needs a password; the dialog takes one optionally (else a reset link is sent).
  if (!values.password) {
    if (options.requirePassword) errors.password = { key: 'passwordRequired' };
  } else if (values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = { key: 'passwordTooShort', values: { min: MIN_PASSWORD_LENGTH } };
  }
  if (!values.role || !options.roles.includes(values.role)) errors.role = { key: 'roleRequired' };
  if (!PHONE.test(values.phone.trim())) errors.phone = { key: 'phoneInvalid' };
  return errors;
}

/** The order errors are focused in (the form's field order). */
export const NEW_USER_FIELDS: readonly NewUserField[] = ['email', 'name', 'password', 'role', 'phone'];
