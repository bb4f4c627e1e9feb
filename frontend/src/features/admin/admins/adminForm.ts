import { fr } from "../i18n/fr";
import { isBlank, type FieldErrors } from "../lib/validation";

export interface AdminFormValues {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

export const EMPTY_ADMIN_FORM: AdminFormValues = { email: "", password: "", first_name: "", last_name: "" };

export const ADMIN_PASSWORD_MIN = 6;

// "Simple address pattern" of SPEC section 5: something@something.something, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC section 5, administrator creation. */
export function validateAdminForm(v: AdminFormValues): FieldErrors<keyof AdminFormValues> {
  const e = fr.admins.errors;
  const errors: FieldErrors<keyof AdminFormValues> = {};
  if (isBlank(v.email)) errors.email = e.emailRequired;
  else if (!EMAIL.test(v.email.trim())) errors.email = e.emailInvalid;
  if (v.password === "") errors.password = e.passwordRequired;
  else if (v.password.length < ADMIN_PASSWORD_MIN) errors.password = e.passwordMin;
  if (isBlank(v.first_name)) errors.first_name = e.firstNameRequired;
  if (isBlank(v.last_name)) errors.last_name = e.lastNameRequired;
  return errors;
}
