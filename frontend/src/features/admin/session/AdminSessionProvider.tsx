import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { User } from "@supabase/auth-js";
import { toast } from "../../../components/toast";
import { tAdmin } from "../i18n";
import * as auth from "./api";
import { AdminSessionContext, type AdminAccess, type AdminSession, type LoginOutcome } from "./context";

type Verdict =
  | { ok: true; profile: auth.AdminProfile; factorId: string | null }
  | { ok: false; message: string };

/**
 * SPEC section 6: a signed-in user whose profile role is admin; anyone else is
 * signed out. An administrator with a verified TOTP factor whose session is
 * still aal1 gets factorId: the code is asked before the back office opens (the
 * database would show them nothing at aal1 anyway).
 */
async function verify(user: User, lookupError: string): Promise<Verdict> {
  const { profile, error } = await auth.readProfile(user.id);
  if (error || !profile) {
    console.error("role lookup failed", error);
    await auth.signOut();
    return { ok: false, message: lookupError };
  }
  if (profile.role !== "admin") {
    await auth.signOut();
    return { ok: false, message: tAdmin("login.denied") };
  }
  try {
    return { ok: true, profile, factorId: await auth.pendingFactor() };
  } catch (e) {
    console.error("assurance level lookup failed", e);
    await auth.signOut();
    return { ok: false, message: lookupError };
  }
}

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [access, setAccess] = useState<AdminAccess>({ kind: "loading" });
  // While the login form signs in it runs its own check (with the login's texts).
  const signingIn = useRef(false);
  const verifiedFor = useRef<string | null>(null);

  // Any auth change (or the first session lookup) re-decides the access.
  const onUser = useCallback(async (user: User | null) => {
    if (signingIn.current) return;
    if (!user) {
      verifiedFor.current = null;
      setAccess((a) => (a.kind === "signedOut" ? a : { kind: "signedOut", notice: null }));
      return;
    }
    if (verifiedFor.current === user.id) return;
    verifiedFor.current = user.id;
    setAccess({ kind: "loading" });
    const v = await verify(user, tAdmin("login.permissionsError"));
    if (v.ok && v.factorId) {
      setAccess({ kind: "mfa", user, profile: v.profile, factorId: v.factorId });
    } else if (v.ok) {
      setAccess({ kind: "allowed", user, profile: v.profile });
    } else {
      verifiedFor.current = null;
      setAccess({ kind: "signedOut", notice: v.message });
    }
  }, []);

  useEffect(() => {
    const check = () => auth.currentUser().then(onUser);
    void check();
    return auth.onAuthChange(() => void check());
  }, [onUser]);

  const signIn = useCallback(async (email: string, password: string): Promise<LoginOutcome> => {
    signingIn.current = true;
    try {
      const res = await auth.signInWithPassword(email, password);
      if (res.error) {
        if (res.error.code === "invalid_credentials") return { ok: false, message: tAdmin("login.invalidCredentials") };
        return { ok: false, message: res.error.message || tAdmin("login.genericError") };
      }
      const v = await verify(res.user, tAdmin("login.profileError"));
      if (!v.ok) {
        setAccess({ kind: "signedOut", notice: null });
        return v;
      }
      verifiedFor.current = res.user.id;
      if (v.factorId) {
        setAccess({ kind: "mfa", user: res.user, profile: v.profile, factorId: v.factorId });
        return { ok: true };
      }
      setAccess({ kind: "allowed", user: res.user, profile: v.profile });
      toast(tAdmin("login.success"), "success");
      return { ok: true };
    } catch (e) {
      console.error("admin sign-in failed", e);
      return { ok: false, message: tAdmin("login.genericError") };
    } finally {
      signingIn.current = false;
    }
  }, []);

  const verifyCode = useCallback(
    async (code: string): Promise<LoginOutcome> => {
      if (access.kind !== "mfa") return { ok: false, message: tAdmin("mfa.genericError") };
      const { user, profile, factorId } = access;
      signingIn.current = true;
      try {
        const res = await auth.verifyTotp(factorId, code);
        if (!res.ok) {
          if (res.code === "mfa_verification_failed") return { ok: false, message: tAdmin("mfa.wrongCode") };
          return { ok: false, message: res.message || tAdmin("mfa.genericError") };
        }
        verifiedFor.current = user.id;
        setAccess({ kind: "allowed", user: (await auth.currentUser()) ?? user, profile });
        toast(tAdmin("login.success"), "success");
        return { ok: true };
      } catch (e) {
        console.error("admin code verification failed", e);
        return { ok: false, message: tAdmin("mfa.genericError") };
      } finally {
        signingIn.current = false;
      }
    },
    [access],
  );

  const signOut = useCallback(async () => {
    await auth.signOut();
    verifiedFor.current = null;
    setAccess({ kind: "signedOut", notice: null });
  }, []);

  const value = useMemo<AdminSession>(
    () => ({ access, signIn, verifyCode, signOut }),
    [access, signIn, verifyCode, signOut],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}
