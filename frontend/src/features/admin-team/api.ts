import { FunctionsHttpError } from "@supabase/supabase-js";
import { ApiError, check, db as supabase } from "../admin-kit";
import type { AdminFormValues } from "./adminFormValues";
import { isRecord } from "../../lib/guards";
import { readCreateOutcome, readMfa, type AdminAccount, type CreateOutcome } from "./answers";

export type { AdminAccount, CreateOutcome };

// Administrators. The list is read from profiles (SPEC section 7; RLS shows all
// profiles to administrators only). Creating, promoting, revoking and deleting go
// through the server-side function admin-users, which uses the auth admin API so
// the caller stays signed in, and refuses to remove oneself or the last administrator.

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

/** Calls admin-users and reads its JSON answer; a refusal becomes an ApiError carrying the server's message. */
async function invoke(body: Body): Promise<unknown> {
  const { data, error } = await supabase.functions.invoke<unknown>("admin-users", { body });
  if (!error) return data;
  if (error instanceof FunctionsHttpError) {
    // The refusal's body: {"error": "...", "code": "..."} (rental/adminusers).
    const context: unknown = error.context;
    const payload: unknown = context instanceof Response ? await context.json().catch(() => null) : null;
    const message = isRecord(payload) && typeof payload.error === "string" ? payload.error : error.message;
    throw new ApiError(message, isRecord(payload) && typeof payload.code === "string" ? payload.code : undefined);
  }
  throw new ApiError(error.message);
}

/** Creates the account, or promotes the existing account with that email. */
export async function createAdmin(v: AdminFormValues): Promise<CreateOutcome> {
  const json = await invoke({
    action: "create",
    email: v.email.trim(),
    password: v.password,
    firstName: v.first_name.trim(),
    lastName: v.last_name.trim(),
  });
  return readCreateOutcome(json);
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
  return readMfa(await invoke({ action: "list" }));
}

/** Removes another administrator's factors (lost authenticator); they sign in with the password and enrol again. */
export async function resetAdminMfa(userId: string): Promise<void> {
  await invoke({ action: "reset_mfa", userId });
}
