import type { User } from "@supabase/auth-js";
import { supabase } from "../../../lib/supabase";
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
    return { profile: data as AdminProfile, error: null };
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
