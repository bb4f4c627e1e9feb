import { FunctionsHttpError } from "@supabase/supabase-js";
import { db as supabase } from "../lib/db";
import { ApiError, check } from "../lib/errors";
import type { AdminFormValues } from "./adminForm";

// Administrators. The list is read from profiles (SPEC section 7; RLS shows all
// profiles to administrators only). Creating, promoting, revoking and deleting go
// through the server-side function admin-users, which uses the auth admin API so
// the caller stays signed in, and refuses to remove oneself or the last administrator.

export interface AdminAccount {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string;
  created_at: string;
}

export async function listAdmins(): Promise<AdminAccount[]> {
  return check(
    await supabase
      .from("profiles")
      .select("id, email, first_name, last_name, role, created_at")
      .eq("role", "admin")
      .order("created_at", { ascending: false }),
  );
}

type Body =
  | { action: "create"; email: string; password: string; firstName: string; lastName: string }
  | { action: "list" }
  | { action: "revoke" | "delete" | "reset_mfa"; userId: string };

/** Calls admin-users; a refusal becomes an ApiError carrying the server's message. */
async function invoke<T>(body: Body): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>("admin-users", { body });
  if (!error) return data as T;
  if (error instanceof FunctionsHttpError) {
    const payload = (await (error.context as Response).json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(payload?.error ?? error.message, payload?.code);
  }
  throw new ApiError(error.message);
}

export interface CreateOutcome {
  user: AdminAccount;
  created: boolean;
  promoted: boolean;
}

/** Creates the account, or promotes the existing account with that email. */
export function createAdmin(v: AdminFormValues): Promise<CreateOutcome> {
  return invoke<CreateOutcome>({
    action: "create",
    email: v.email.trim(),
    password: v.password,
    firstName: v.first_name.trim(),
    lastName: v.last_name.trim(),
  });
}

export async function revokeAdmin(userId: string): Promise<void> {
  await invoke({ action: "revoke", userId });
}

export async function deleteAdmin(userId: string): Promise<void> {
  await invoke({ action: "delete", userId });
}

/**
 * Who among the administrators has a second factor (admin-users' list asks the
 * auth service, which alone reads the factors): id → true when verified TOTP.
 */
export async function listMfa(): Promise<Map<string, boolean>> {
  const res = await invoke<{ admins: { id: string; mfa?: boolean }[] }>({ action: "list" });
  return new Map(res.admins.map((a) => [a.id, a.mfa === true]));
}

/** Removes another administrator's factors (lost authenticator); they sign in with the password and enrol again. */
export async function resetAdminMfa(userId: string): Promise<void> {
  await invoke({ action: "reset_mfa", userId });
}
