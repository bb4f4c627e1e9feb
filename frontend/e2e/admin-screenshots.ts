// npx tsx e2e/admin-screenshots.ts: every admin screen at 1280 and 375 px into
// frontend/screenshots/admin/admin-*.png. BASE_URL = a running, seeded server;
// ADMIN_EMAIL / ADMIN_PASSWORD = its administrator.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launch } from "./browser.ts";
import { adminClient, BASE_URL, client, fillLogin, freeCars, insertBooking, insertClick, insertContact, loginAsAdmin } from "./admin-helpers.ts";

const out = join(import.meta.dirname, "..", "screenshots", "admin");
mkdirSync(out, { recursive: true });
const only = process.env.SCREENS?.split(",");
const fullPage = process.env.FULL_PAGE !== "0";

type Step = (page: import("playwright-core").Page) => Promise<void>;
const screens: [string, string, Step?][] = [
  ["dashboard", "/admin/dashboard"],
  ["cars", "/admin/cars"],
  ["car-form", "/admin/cars", async (p) => void (await p.getByRole("button", { name: "Ajouter un véhicule" }).click())],
  ["blog", "/admin/blogs"],
  [
    "blog-editor",
    "/admin/blogs",
    async (p) => {
      await p.getByRole("button", { name: "Nouvel Article" }).click();
      await p.locator(".adm-editor__content").waitFor();
    },
  ],
  [
    "blog-edit",
    "/admin/blogs",
    async (p) => {
      await p.getByRole("button", { name: /^Modifier / }).first().click();
      await p.locator(".adm-editor__content").waitFor();
    },
  ],
  ["bookings", "/admin/bookings"],
  ["planning", "/admin/planning"],
  ["booking-details", "/admin/bookings", async (p) => void (await p.getByRole("button", { name: /Voir les détails/ }).first().click())],
  ["messages", "/admin/contacts"],
  ["customers", "/admin/customers"],
  ["admins", "/admin/settings"],
];

// Screens need something to show: a few bookings, messages and clicks when none exist.
const admin = await adminClient();
const { count } = await admin.from("bookings").select("id", { count: "exact", head: true });
if (!count) {
  const anon = await client();
  // One car each: a car holds its dates.
  const { carIds: cars, startInDays } = await freeCars(3, { startInDays: 5, days: 12 });
  const people = [
    ["Yasmine Alaoui", "yasmine.alaoui@example.com"],
    ["Karim Benjelloun", "karim.b@example.com"],
    ["Claire Martin", "claire.martin@example.fr"],
  ];
  for (const [i, [name, email]] of people.entries()) {
    await insertBooking(anon, { carId: cars[i % cars.length] ?? 1, name: name ?? "", email: email ?? "", startInDays: startInDays + i * 4, days: 2 + i });
    await insertClick(anon, cars[i % cars.length] ?? 1);
  }
  await insertContact(anon, { name: "Omar Tazi", email: "omar.tazi@example.com", phone: "+212661000000", subject: "Disponibilité d'un SUV en août", message: "Bonjour,\nAvez-vous un SUV disponible du 3 au 10 août ? Merci." });
  await insertContact(anon, { name: "Julie Petit", email: "julie.petit@example.fr", subject: "Siège bébé", message: "Est-il possible d'ajouter un siège bébé à ma réservation ?" });
}

const { browser, close } = await launch();
try {
  for (const width of [1280, 375]) {
    const ctx = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 740 }, deviceScaleFactor: 1, locale: "fr-FR" });
    const page = await ctx.newPage();
    // The login page, with a failed attempt's message.
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole("button", { name: "Se connecter" }).waitFor();
    if (!only || only.includes("login")) {
      await fillLogin(page, "nobody@example.com", "wrong-password");
      await page.getByTestId("login-error").waitFor();
      await page.screenshot({ path: join(out, `admin-login-${width}.png`), fullPage });
    }
    await loginAsAdmin(page);
    for (const [name, path, step] of screens) {
      if (only && !only.includes(name)) continue;
      await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
      await page.locator(".adm-page").waitFor();
      if (step) await step(page);
      await page.waitForTimeout(400);
      // A dialog is shot as the viewport shows it.
      await page.screenshot({ path: join(out, `admin-${name}-${width}.png`), fullPage: fullPage && !step });
    }
    if (width < 600 && (!only || only.includes("drawer"))) {
      await page.goto(`${BASE_URL}/admin/dashboard`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `admin-drawer-${width}.png`) });
    }
    if (width > 600 && (!only || only.includes("collapsed"))) {
      await page.goto(`${BASE_URL}/admin/dashboard`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Réduire le menu" }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `admin-collapsed-${width}.png`) });
      await page.getByRole("button", { name: "Déplier le menu" }).click();
    }
    await ctx.close();
  }
  console.log(`admin screenshots written to ${out}`);
} finally {
  await close();
}
