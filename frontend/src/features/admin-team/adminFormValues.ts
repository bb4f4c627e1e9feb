import { type FieldErrors, isBlank, tAdmin } from "../admin-kit";

export interface AdminFormValues {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

export const EMPTY_ADMIN_FORM: AdminFormValues = { email: "", password: "", first_name: "", last_name: "" };

// As admin-users (rental/adminusers, MinPasswordLength) checks it.
export const ADMIN_PASSWORD_MIN = 12;

// "Simple address pattern" of SPEC section 5: something@something.something, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC section 5, administrator creation. */
export function validateAdminForm(v: AdminFormValues): FieldErrors<keyof AdminFormValues> {
  const errors: FieldErrors<keyof AdminFormValues> = {};
  if (isBlank(v.email)) errors.email = tAdmin("admins.errors.emailRequired");
  else if (!EMAIL.test(v.email.trim())) errors.email = tAdmin("admins.errors.emailInvalid");
  if (v.password === "") errors.password = tAdmin("admins.errors.passwordRequired");
  else if (v.password.length < ADMIN_PASSWORD_MIN) errors.password = tAdmin("admins.errors.passwordMin");
  if (isBlank(v.first_name)) errors.first_name = tAdmin("admins.errors.firstNameRequired");
  if (isBlank(v.last_name)) errors.last_name = tAdmin("admins.errors.lastNameRequired");
  return errors;
}
