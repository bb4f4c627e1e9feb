import { tAdmin } from "../../admin-kit";

/** A TOTP code as typed: spaces dropped (apps show "123 456"); null when it is 6 digits. */
export function normalizeCode(raw: string): string {
  return raw.replace(/\s+/g, "");
}

export function codeError(raw: string): string | undefined {
  const code = normalizeCode(raw);
  if (code === "") return tAdmin("mfa.codeRequired");
  if (!/^\d{6}$/.test(code)) return tAdmin("mfa.codeInvalid");
  return undefined;
}
