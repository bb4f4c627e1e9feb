const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A plausible e-mail address (the wizard's and the contact form's check; the server has the last word). */
export function isEmail(v: string): boolean {
  return EMAIL.test(v.trim());
}
