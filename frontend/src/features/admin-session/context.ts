import { createContext, useContext } from "react";
import type { User } from "@supabase/auth-js";
import type { AdminProfile } from "./api";

/** Admin access (SPEC section 4): loading, allowed, or signed out (after a denial, with its notice). */
export type AdminAccess =
  | { kind: "loading" }
  | { kind: "signedOut"; notice: string | null }
  | { kind: "allowed"; user: User; profile: AdminProfile }
  /** Password accepted, but the account has a second factor: the 6-digit code is asked next. */
  | { kind: "mfa"; user: User; profile: AdminProfile; factorId: string }
  /** Password accepted, no factor yet, and the database wants aal2 (ADMIN_MFA_REQUIRED): an authenticator app is added first. */
  | { kind: "enrol"; user: User; profile: AdminProfile };

export type LoginOutcome = { ok: true } | { ok: false; message: string };

export interface AdminSession {
  access: AdminAccess;
  signIn: (email: string, password: string) => Promise<LoginOutcome>;
  /** The sign-in's second step: a TOTP code of the pending factor. */
  verifyCode: (code: string) => Promise<LoginOutcome>;
  /** The first sign-in's enrolment: the code of the factor just added (factorId); on success the session is aal2. */
  confirmEnrolment: (factorId: string, code: string) => Promise<LoginOutcome>;
  signOut: () => Promise<void>;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const s = useContext(AdminSessionContext);
  if (!s) throw new Error("useAdminSession must be used within an AdminSessionProvider");
  return s;
}

/** The signed-in administrator (only inside the allowed area). */
export function useAdminUser(): { user: User; profile: AdminProfile } {
  const { access } = useAdminSession();
  if (access.kind !== "allowed") throw new Error("useAdminUser needs an allowed admin session");
  return { user: access.user, profile: access.profile };
}
