import { chromium, type Browser } from "playwright-core";

// Debian's Chromium driven by playwright-core (no browser download).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launch(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  // playwright gives every launch a fresh, temporary user-data-dir of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

// (not BASE_URL: vitest sets that one to "/")
export const BASE_URL = (process.env.E2E_BASE_URL || process.env.SUPABASE_URL || "http://127.0.0.1:54321").replace(/\/$/, "");

/** Cookies that pick a language and dismiss the consent card. */
export function siteCookies(language: "fr" | "en" | "ar", consent: string | null = "accepted") {
  const url = BASE_URL;
  const c: { name: string; value: string; url: string }[] = [{ name: "language", value: language, url }];
  if (consent) c.push({ name: "cookie-consent", value: consent, url });
  return c;
}
