import { useState, type FormEvent } from "react";
import type { LoginOutcome } from "../context";
import { codeError, normalizeCode } from "./mfaCode";

/** A TOTP code field: what is typed, the error under it, and the check on submit. */
export function useCodeField() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  /** The code to send, or null when it is not 6 digits (the field then says why). */
  function checked(): string | null {
    const problem = codeError(code);
    setError(problem);
    return problem ? null : normalizeCode(code);
  }
  return { code, setCode, error, setError, checked };
}

/**
 * A sign-in step that sends a code (`send`; null while there is nothing to send it for):
 * a refusal shows above the form and empties the field; on success the provider
 * swaps the page for the admin area.
 */
export function useCodeStep(send: ((code: string) => Promise<LoginOutcome>) | null) {
  const field = useCodeField();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!send) return;
    const code = field.checked();
    if (code === null) return;
    setBusy(true);
    setFailure(null);
    const res = await send(code);
    if (!res.ok) {
      setFailure(res.message);
      field.setCode("");
      setBusy(false);
    }
  }

  return { code: field.code, setCode: field.setCode, error: field.error, failure, busy, submit };
}
