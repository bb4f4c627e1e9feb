import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// Phone numbers as the agency stores and dials them: E.164 ("+212612345678"),
// the database refuses any other form. Whether a number is a real one of its
// country is libphonenumber's answer (kept out of the first view: only the
// booking wizard and "My booking" import this module). A number typed without its country
// code is read as a Moroccan one, as most are.

const HOME_COUNTRY = "MA";

/** The number in E.164 when it is a real number of its country, else null. */
export function phoneE164(typed: string): string | null {
  const n = parsePhoneNumberFromString(typed.trim(), HOME_COUNTRY);
  return n?.isValid() ? n.number : null;
}
