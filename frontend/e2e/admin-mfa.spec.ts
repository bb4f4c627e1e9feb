// An administrator enrols an authenticator app
// from the back office, then signs in with password + code; the password alone
// reaches no admin data (REST at aal1 reads no bookings). With the second factor
// required (ADMIN_MFA_REQUIRED), a new administrator enrols at the first sign-in. The test plays the
// phone: it computes RFC 6238 codes from the secret the page shows.
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { seriousViolations } from "./helpers.ts";
import { adminPage, client, createAdmin, expectToast, freeCar, insertBooking, loginAsAdmin, serviceClient, signIn, unique } from "./admin-helpers.ts";

function base32Decode(s: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of s.replace(/=+$/, "").toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238: SHA-1, 6 digits, 30-second steps. */
function totp(secret: string, time = Date.now()): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const mac = createHmac("sha1", base32Decode(secret)).update(msg).digest();
  const off = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

// The server accepts a code once per factor: each verify needs a time step
// later than the last one spent. The next step's code is inside its drift
// window, so this waits at most one step (30 s) for a third code in a row.
const lastStep = new Map<string, number>();
async function freshCode(secret: string): Promise<string> {
  const now = () => Math.floor(Date.now() / 1000 / 30);
  const want = Math.max(now(), (lastStep.get(secret) ?? 0) + 1);
  while (want > now() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
  lastStep.set(secret, want);
  return totp(secret, want * 30_000);
}

/**
 * ADMIN_MFA_REQUIRED as the server writes it into the database at start (test
 * servers start with it off, rental/README.md): switched here for one test.
 */
function requireMfa(on: boolean): void {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL must be set (scripts/test-server.sh exports it)");
  execFileSync("psql", ["-q", "-v", "ON_ERROR_STOP=1", url, "-c", `update private.admin_settings set mfa_required = ${on ? "true" : "false"}`]);
}

/** The aal claim of the session the page keeps. */
async function storedAal(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith("-auth-token"))!;
    const token = JSON.parse(localStorage.getItem(key)!).access_token as string;
    return JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).aal as string;
  });
}

/** A wrong code sent with the step's button: the step says so and the back office stays closed. */
async function codeRefused(page: Page, code: Locator, wrong: string, button: string): Promise<void> {
  await code.fill(wrong);
  await page.getByRole("button", { name: button }).click();
  await page.getByTestId("mfa-error").filter({ hasText: "Code incorrect ou expiré" }).waitFor();
  expect(await page.locator(".adm-shell").count()).toBe(0);
}

/** The right code: the dashboard opens, the stored session is aal2, and a reload keeps the back office open. */
async function codeOpens(page: Page, code: Locator, good: string, button: string): Promise<void> {
  await code.fill(good);
  await page.getByRole("button", { name: button }).click();
  await page.locator(".adm-shell").waitFor();
  await page.getByRole("heading", { name: "Tableau de bord" }).waitFor();
  expect(await storedAal(page)).toBe("aal2");
  await page.reload();
  await page.locator(".adm-shell").waitFor();
}

let browser: Browser;
let close: () => Promise<void>;
const pageErrors: string[] = [];
// An administrator of this spec alone: the other specs sign in with the password only.
const creds = { email: `${unique("e2e-mfa")}@casarent.test`, password: "e2e-mfa-pass-1" };
let secret = "";

const newPage = () => adminPage(browser, { errors: pageErrors });

beforeAll(async () => {
  ({ browser, close } = await launch());
  await createAdmin(creds, { first_name: "Double", last_name: "Facteur" });
  // A booking exists, so "reads no bookings" means something.
  const { carId, startInDays } = await freeCar(200);
  await insertBooking(await client(), { carId, name: "Client MFA", email: "client-mfa@casarent.test", startInDays });
});

afterAll(async () => {
  await close();
});

describe("administrator second factor (TOTP)", () => {
  it("enrols an authenticator app from Sécurité / Double authentification", async () => {
    const { ctx, page } = await newPage();
    await signIn(page, creds, "/admin/settings");
    await page.locator(".adm-shell").waitFor(); // no factor yet: the password suffices
    const section = page.getByRole("region", { name: "Sécurité / Double authentification" });
    await section.waitFor();
    await expect.poll(() => section.getByTestId("mfa-status").textContent()).toBe("Désactivée");

    await section.getByRole("button", { name: "Activer la double authentification" }).click();
    const qr = section.getByRole("img", { name: "QR code à scanner avec l'application d'authentification" });
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // The SVG really draws (auth-js puts it in the data: URI unescaped).
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    secret = (await section.getByTestId("mfa-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const code = section.getByLabel(/^Code à 6 chiffres/);
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await code.getAttribute("inputmode")).toBe("numeric");
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong code first, then the app's code.
    const good = await freshCode(secret);
    await code.fill(String((Number(good) + 500_000) % 1_000_000).padStart(6, "0"));
    await section.getByRole("button", { name: "Confirmer" }).click();
    await section.getByText("Code incorrect ou expiré").waitFor();
    await code.fill(good);
    await section.getByRole("button", { name: "Confirmer" }).click();
    await expectToast(page, "Double authentification activée");
    await expect.poll(() => section.getByTestId("mfa-status").textContent()).toBe("Activée");
    // The list of administrators says so too.
    await page.locator(`[data-testid="admin-row"][data-email="${creds.email}"] [data-testid="admin-mfa"]`).waitFor();
    await ctx.close();
  });

  it("signs in with password + code and shows the dashboard", async () => {
    const { ctx, page } = await newPage();
    await signIn(page, creds, "/admin/dashboard");
    // After the password: the code step, not the dashboard.
    await page.getByRole("heading", { name: "Double authentification" }).waitFor();
    expect(await page.locator(".adm-shell").count()).toBe(0);
    const code = page.getByLabel(/^Code à 6 chiffres/);
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await code.getAttribute("inputmode")).toBe("numeric");
    expect(await seriousViolations(page)).toEqual([]);

    await codeRefused(page, code, "000000" === totp(secret) ? "111111" : "000000", "Vérifier");
    // A reload with the stored aal1 session asks the code again.
    await page.reload();
    await page.getByRole("heading", { name: "Double authentification" }).waitFor();
    expect(await page.locator(".adm-shell").count()).toBe(0);

    await codeOpens(page, code, await freshCode(secret), "Vérifier");
    await ctx.close();
  });

  it("with the password alone (aal1) REST reads no bookings; with the code it reads them", async () => {
    const svc = serviceClient();
    const all = await svc.from("bookings").select("id", { count: "exact", head: true });
    expect(all.count).toBeGreaterThan(0);

    const c = await client();
    const { data: signIn, error } = await c.auth.signInWithPassword(creds);
    expect(error).toBeNull();
    const claims = JSON.parse(Buffer.from(signIn.session!.access_token.split(".")[1]!, "base64url").toString());
    expect(claims.aal).toBe("aal1");
    const aal1 = await c.from("bookings").select("id");
    expect(aal1.error).toBeNull();
    expect(aal1.data).toEqual([]);
    expect((await c.rpc("is_admin")).data).toBe(false);
    const level = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect([level.data?.currentLevel, level.data?.nextLevel]).toEqual(["aal1", "aal2"]);

    const factorId = signIn.user!.factors!.find((f) => f.status === "verified")!.id;
    const v = await c.auth.mfa.challengeAndVerify({ factorId, code: await freshCode(secret) });
    expect(v.error).toBeNull();
    const aal2 = await c.from("bookings").select("id");
    expect(aal2.error).toBeNull();
    expect(aal2.data!.length).toBeGreaterThan(0);
  });

  it("another administrator removes the lost authenticator; the password alone works again", async () => {
    const { ctx, page } = await newPage();
    await loginAsAdmin(page, "/admin/settings"); // the suites' administrator, no factor
    const row = page.locator(`[data-testid="admin-row"][data-email="${creds.email}"]`);
    await row.getByTestId("admin-mfa").waitFor();
    await row.getByRole("button", { name: "Désactiver la 2FA" }).click();
    const dialog = page.getByRole("dialog", { name: "Désactiver la double authentification" });
    await dialog.getByText(creds.email, { exact: false }).waitFor();
    await dialog.getByTestId("confirm-action").click();
    await expectToast(page, "Double authentification désactivée");
    await expect.poll(() => row.getByTestId("admin-mfa").count()).toBe(0);
    await ctx.close();

    const c = await client();
    expect((await c.auth.signInWithPassword(creds)).error).toBeNull();
    expect((await c.rpc("is_admin")).data).toBe(true);
    expect((await c.from("bookings").select("id")).data!.length).toBeGreaterThan(0);
  });

  it("with the second factor required, a new administrator enrols at the first sign-in", async () => {
    const fresh = { email: `${unique("e2e-enrol")}@casarent.test`, password: "e2e-enrol-pass-1" };
    await createAdmin(fresh, { first_name: "Première", last_name: "Connexion" });
    requireMfa(true);
    try {
      // The password alone (aal1, no factor) is no administrator's now.
      const c = await client();
      expect((await c.auth.signInWithPassword(fresh)).error).toBeNull();
      expect((await c.rpc("is_admin")).data).toBe(false);
      expect((await c.from("bookings").select("id")).data).toEqual([]);

      const { ctx, page } = await newPage();
      await signIn(page, fresh, "/admin/dashboard");
      await page.getByRole("heading", { name: "Activez la double authentification" }).waitFor();
      expect(await page.locator(".adm-shell").count()).toBe(0);
      const qr = page.getByRole("img", { name: "QR code à scanner avec l'application d'authentification" });
      await qr.waitFor();
      expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
      const key = (await page.getByTestId("mfa-secret").textContent())!.trim();
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      const code = page.getByLabel(/^Code à 6 chiffres/);
      expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
      expect(await seriousViolations(page)).toEqual([]);

      const good = await freshCode(key);
      await codeRefused(page, code, String((Number(good) + 500_000) % 1_000_000).padStart(6, "0"), "Confirmer");
      await codeOpens(page, code, good, "Confirmer");
      await ctx.close();

      // The next sign-in asks the code of that factor.
      const { ctx: ctx2, page: page2 } = await newPage();
      await signIn(page2, fresh, "/admin/dashboard");
      await page2.getByRole("heading", { name: "Double authentification" }).waitFor();
      await ctx2.close();
    } finally {
      requireMfa(false);
    }
  });

  it("leaves no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
