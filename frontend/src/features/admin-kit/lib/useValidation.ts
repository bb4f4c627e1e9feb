import { useState } from "react";
import { hasErrors, stillWrong, type FieldErrors } from "./validation";

/**
 * A form's validation (SPEC section 5): no error shows before the first save;
 * a save that fails shows its errors, and each one goes as soon as it is fixed.
 */
export function useValidation<V, K extends string>(values: V, validate: (values: V) => FieldErrors<K>) {
  const [failed, setFailed] = useState<FieldErrors<K>>({});
  return {
    /** The last failed save's errors, less those fixed since. */
    errors: stillWrong(failed, validate(values)),
    /** Validates the values a save sends: true when they pass, else their errors show. */
    check(): boolean {
      const found = validate(values);
      setFailed(found);
      return !hasErrors(found);
    },
    /** Forgets the errors shown (the form is given other values). */
    clear: () => setFailed({}),
  };
}
