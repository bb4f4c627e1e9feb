import type { User } from "@supabase/auth-js";
import { db as supabase } from "../admin-kit";
import { auth } from "./authClient";

// Auth calls of the back office (SPEC section 7, "Auth and administrators").
// The role read here only decides what the UI shows; every data call is still
// judged by the database's row-level security.

export interface AdminProfile {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string;
}

export type ProfileLookup = { profile: AdminProfile; error: null } | { profile: null; error: Error };

export async function readProfile(userId: string): Promise<ProfileLookup> {
  try {
    const { data, error } = await supabase
      .from("profiles")
      .select("id, email, first_name, last_name, role")
      .eq("id", userId)
      .single();
    if (error) return { profile: null, error: new Error(error.message) };
    return { profile: data, error: null };
  } catch (e) {
    return { profile: null, error: e instanceof Error ? e : new Error(String(e)) };
  }
}

export type SignInResult = { user: User; error: null } | { user: null; error: { message: string; code?: string } };

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  const { data, error } = await auth.signInWithPassword({ email: email.trim(), password });
  if (error || !data.user) return { user: null, error: { message: error?.message ?? "", code: error?.code } };
  return { user: data.user, error: null };
}

export async function currentUser(): Promise<User | null> {
  const { data } = await auth.getSession();
  return data.session?.user ?? null;
}

export async function signOut(): Promise<void> {
  // scope 'local': leaving the back office ends this browser's session only.
  const { error } = await auth.signOut({ scope: "local" });
  if (error) console.error("sign out failed", error);
}

export function onAuthChange(fn: () => void): () => void {
  const { data } = auth.onAuthStateChange(() => {
    // supabase-js warns against calling it from inside its own callback; defer.
    setTimeout(fn, 0);
  });
  return () => data.subscription.unsubscribe();
}

// Second factor (TOTP). GoTrue's MFA through auth-js: the
// database's is_admin() wants aal2 once the administrator has a verified factor.

/** The verified TOTP factor to ask a code for, when this session is still at aal1. */
export async function pendingFactor(): Promise<string | null> {
  const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  if (data.nextLevel !== "aal2" || data.currentLevel === "aal2") return null;
  const { data: session } = await auth.getSession();
  const factor = session.session?.user.factors?.find((f) => f.factor_type === "totp" && f.status === "verified");
  return factor?.id ?? null;
}

/**
 * Whether the database counts this session as an administrator's (public.is_admin()).
 * At aal1 without a factor it is false only when the server requires the second
 * factor (ADMIN_MFA_REQUIRED): the sign-in then asks for an enrolment.
 */
export async function isAdminNow(): Promise<boolean> {
  const { data, error } = await supabase.rpc("is_admin");
  if (error) throw new Error(error.message);
  return data === true;
}

export type VerifyResult = { ok: true } | { ok: false; code?: string; message: string };

/** Answers a fresh challenge of factorId with code; on success the session is aal2. */
export async function verifyTotp(factorId: string, code: string): Promise<VerifyResult> {
  const { error } = await auth.mfa.challengeAndVerify({ factorId, code });
  if (error) return { ok: false, code: error.code, message: error.message };
  return { ok: true };
}

export interface TotpFactor {
  id: string;
  status: string;
  friendly_name?: string;
  created_at: string;
}

/** The signed-in user's TOTP factors (verified or not), from GET /user. */
export async function listTotpFactors(): Promise<TotpFactor[]> {
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  return data.all.filter((f) => f.factor_type === "totp");
}

export interface Enrolment {
  id: string;
  qrCode: string;
  secret: string;
}

export async function enrollTotp(friendlyName: string, issuer: string): Promise<Enrolment> {
  const { data, error } = await auth.mfa.enroll({ factorType: "totp", friendlyName, issuer });
  if (error) throw error;
  return { id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export async function unenroll(factorId: string): Promise<void> {
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/** A new authenticator app to confirm; an enrolment left unconfirmed (page closed, reloaded) would hold the name, so it goes first. */
export async function newEnrolment(friendlyName: string, issuer: string): Promise<Enrolment> {
  for (const f of await listTotpFactors()) {
    if (f.status !== "verified") await unenroll(f.id);
  }
  return enrollTotp(friendlyName, issuer);
}
