import { type FieldErrors, isBlank, tAdmin } from "../../admin-kit";

export interface LoginValues {
  email: string;
  password: string;
}

/** SPEC section 5: the admin login needs an email and a password. */
export function validateLogin(v: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  if (isBlank(v.email)) errors.email = tAdmin("login.emailRequired");
  if (v.password === "") errors.password = tAdmin("login.passwordRequired");
  return errors;
}
