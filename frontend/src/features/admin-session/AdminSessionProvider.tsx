import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { User } from "@supabase/auth-js";
import { toast } from "../../components/toast";
import { tAdmin } from "../admin-kit";
import * as auth from "./api";
import { AdminSessionContext, type AdminAccess, type AdminSession, type LoginOutcome } from "./context";

/** What the sign-in asks next: nothing, the code of factorId, or an enrolment. */
type NextStep = { kind: "none" } | { kind: "code"; factorId: string } | { kind: "enrol" };

type Verdict =
  | { ok: true; profile: auth.AdminProfile; next: NextStep }
  | { ok: false; message: string };

/**
 * One step of the sign-in: while it runs, `busy` tells the auth listener to leave
 * the access to it; what throws is logged and told as `fallback`.
 */
async function signInStep(busy: { current: boolean }, logLabel: string, fallback: string, run: () => Promise<LoginOutcome>): Promise<LoginOutcome> {
  busy.current = true;
  try {
    return await run();
  } catch (e) {
    console.error(logLabel, e);
    return { ok: false, message: fallback };
  } finally {
    busy.current = false;
  }
}

/** A refusal of the auth server in words: ours for the code we expect, else its own message, else `fallback`. */
function refusal(err: { code?: string; message?: string }, expected: string, ours: string, fallback: string): LoginOutcome {
  if (err.code === expected) return { ok: false, message: ours };
  return { ok: false, message: err.message || fallback };
}

/**
 * SPEC section 6: a signed-in user whose profile role is admin; anyone else is
 * signed out. An administrator with a verified TOTP factor whose session is
 * still aal1 is asked the code before the back office opens (the database would
 * show them nothing at aal1 anyway); one without a factor, whom the database
 * does not count as administrator at aal1 (ADMIN_MFA_REQUIRED), adds one first.
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
    const factorId = await auth.pendingFactor();
    if (factorId) return { ok: true, profile, next: { kind: "code", factorId } };
    return { ok: true, profile, next: (await auth.isAdminNow()) ? { kind: "none" } : { kind: "enrol" } };
  } catch (e) {
    console.error("assurance level lookup failed", e);
    await auth.signOut();
    return { ok: false, message: lookupError };
  }
}

/** The access a verified administrator gets: the back office, or the step the sign-in asks next. */
function accessAfter(user: User, profile: auth.AdminProfile, next: NextStep): AdminAccess {
  if (next.kind === "code") return { kind: "mfa", user, profile, factorId: next.factorId };
  if (next.kind === "enrol") return { kind: "enrol", user, profile };
  return { kind: "allowed", user, profile };
}

/**
 * The access, re-decided on any auth change (or the first session lookup), and
 * the ways a sign-in step or the sign-out sets it; `signingIn` holds the auth
 * listener off while a sign-in step decides it.
 */
function useAccess() {
  const [access, setAccess] = useState<AdminAccess>({ kind: "loading" });
  // While the login form signs in it runs its own check (with the login's texts).
  const signingIn = useRef(false);
  const verifiedFor = useRef<string | null>(null);

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
    if (v.ok) setAccess(accessAfter(user, v.profile, v.next));
    else {
      verifiedFor.current = null;
      setAccess({ kind: "signedOut", notice: v.message });
    }
  }, []);

  useEffect(() => {
    const check = () => auth.currentUser().then(onUser);
    void check();
    return auth.onAuthChange(() => void check());
  }, [onUser]);

  /** Lets an administrator in (the password step without a second factor, or the code step). */
  const admit = useCallback((user: User, profile: auth.AdminProfile) => {
    verifiedFor.current = user.id;
    setAccess({ kind: "allowed", user, profile });
    toast(tAdmin("login.success"), "success");
  }, []);

  /** A verified administrator held at the step the sign-in asks next. */
  const ask = useCallback((user: User, profile: auth.AdminProfile, next: NextStep) => {
    verifiedFor.current = user.id;
    setAccess(accessAfter(user, profile, next));
  }, []);

  /** The sign-in's password step refused: back to the form, which tells why. */
  const refuse = useCallback(() => setAccess({ kind: "signedOut", notice: null }), []);

  const signOut = useCallback(async () => {
    await auth.signOut();
    verifiedFor.current = null;
    setAccess({ kind: "signedOut", notice: null });
  }, []);

  return { access, signingIn, admit, ask, refuse, signOut };
}

type Admit = (user: User, profile: auth.AdminProfile) => void;

/** The second factor's steps: the code of an enrolled factor, or the first code of a new one. */
function useSecondFactor(access: AdminAccess, signingIn: { current: boolean }, admit: Admit) {
  /** The code of factorId: the administrator is let in at aal2, or told why not (`failed` is logged, `fallback` words an unknown error). */
  const checkCode = useCallback(
    (user: User, profile: auth.AdminProfile, factorId: string, code: string, failed: string, fallback: string): Promise<LoginOutcome> =>
      signInStep(signingIn, failed, fallback, async () => {
        const res = await auth.verifyTotp(factorId, code);
        if (!res.ok) return refusal(res, "mfa_verification_failed", tAdmin("mfa.wrongCode"), fallback);
        admit((await auth.currentUser()) ?? user, profile);
        return { ok: true };
      }),
    [admit, signingIn],
  );

  const verifyCode = useCallback(
    async (code: string): Promise<LoginOutcome> => {
      if (access.kind !== "mfa") return { ok: false, message: tAdmin("mfa.genericError") };
      return checkCode(access.user, access.profile, access.factorId, code, "admin code verification failed", tAdmin("mfa.genericError"));
    },
    [access, checkCode],
  );

  const confirmEnrolment = useCallback(
    async (factorId: string, code: string): Promise<LoginOutcome> => {
      if (access.kind !== "enrol") return { ok: false, message: tAdmin("mfa.genericError") };
      return checkCode(access.user, access.profile, factorId, code, "admin enrolment failed", tAdmin("mfa.enrolError"));
    },
    [access, checkCode],
  );

  return { verifyCode, confirmEnrolment };
}

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const { access, signingIn, admit, ask, refuse, signOut } = useAccess();

  const signIn = useCallback(
    (email: string, password: string): Promise<LoginOutcome> =>
      signInStep(signingIn, "admin sign-in failed", tAdmin("login.genericError"), async () => {
        const res = await auth.signInWithPassword(email, password);
        if (res.error) return refusal(res.error, "invalid_credentials", tAdmin("login.invalidCredentials"), tAdmin("login.genericError"));
        const v = await verify(res.user, tAdmin("login.profileError"));
        if (!v.ok) {
          refuse();
          return v;
        }
        if (v.next.kind !== "none") ask(res.user, v.profile, v.next);
        else admit(res.user, v.profile);
        return { ok: true };
      }),
    [admit, ask, refuse, signingIn],
  );

  const { verifyCode, confirmEnrolment } = useSecondFactor(access, signingIn, admit);

  const value = useMemo<AdminSession>(
    () => ({ access, signIn, verifyCode, confirmEnrolment, signOut }),
    [access, signIn, verifyCode, confirmEnrolment, signOut],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}
