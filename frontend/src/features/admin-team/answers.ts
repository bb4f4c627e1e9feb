import { isRecord } from "../../lib/guards";
import { ApiError } from "../admin-kit";

// What admin-users answers (rental/adminusers), read with a check: its JSON is
// not typed by the schema.

export interface AdminAccount {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string;
  created_at: string;
}

export interface CreateOutcome {
  user: AdminAccount;
  created: boolean;
  promoted: boolean;
}

// An answer of another shape is an error rather than a cast that lies.
function nullableString(v: unknown): v is string | null {
  return v === null || typeof v === "string";
}

function isAccount(v: unknown): v is AdminAccount {
  return (
    isRecord(v) &&
    typeof v.id === "string" &&
    nullableString(v.email) &&
    nullableString(v.first_name) &&
    nullableString(v.last_name) &&
    typeof v.role === "string" &&
    typeof v.created_at === "string"
  );
}

function unexpected(): never {
  throw new ApiError("unexpected answer from admin-users");
}

/** admin-users' create answer: {user, created, promoted}. */
export function readCreateOutcome(json: unknown): CreateOutcome {
  if (!isRecord(json) || !isAccount(json.user) || typeof json.created !== "boolean" || typeof json.promoted !== "boolean") unexpected();
  return { user: json.user, created: json.created, promoted: json.promoted };
}

/** admin-users' list answer: {admins: [{id, mfa?}, …]} → id → true when verified TOTP. */
export function readMfa(json: unknown): Map<string, boolean> {
  if (!isRecord(json) || !Array.isArray(json.admins)) unexpected();
  const admins: unknown[] = json.admins;
  return new Map(admins.map((a) => (isRecord(a) && typeof a.id === "string" ? [a.id, a.mfa === true] : unexpected())));
}
