import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { paymentErrorText } from "./paymentErrors";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const locales = Object.fromEntries(
  ["fr", "en", "ar"].map((l) => [l, JSON.parse(readFileSync(`${root}frontend/locales/${l}.json`, "utf8")) as { paymentErrors: Record<string, string> }]),
);

// Codes the payment functions send (rental/paypal/*.go), read from the Go source
// so a new code cannot go out untranslated by accident.
const goCodes = readdirSync(`${root}rental/paypal`)
  .filter((f) => f.endsWith(".go") && !f.endsWith("_test.go"))
  .flatMap((f) => [...readFileSync(`${root}rental/paypal/${f}`, "utf8").matchAll(/WithCode\("([a-z_]+)"\)/g)].map((m) => m[1]!));
// Not something a visitor can act on: the generic error with the server's message.
const generic = new Set(["no_amount", "amount_too_small"]);

function tIn(lang: string): TFunction {
  return ((key: string) => {
    const [ns, k] = key.split(".");
    return ns === "paymentErrors" ? (locales[lang]!.paymentErrors[k!] ?? `missing:${key}`) : key;
  }) as unknown as TFunction;
}

describe("payment error texts", () => {
  it("finds the functions' codes in the Go source", () => {
    expect(goCodes).toContain("payment_declined");
    expect(goCodes).toContain("rate_limited");
  });

  for (const lang of ["fr", "en", "ar"]) {
    it(`every code a visitor can act on has a ${lang} text`, () => {
      for (const code of new Set(goCodes)) {
        const text = paymentErrorText(tIn(lang), { message: "server text", code });
        if (generic.has(code)) expect(text, code).toBeNull();
        else expect(text, code).toMatch(/^(?!missing:).+/);
      }
    });
  }

  it("falls back (null) for an unknown or missing code", () => {
    expect(paymentErrorText(tIn("fr"), { message: "x", code: "something_new" })).toBeNull();
    expect(paymentErrorText(tIn("fr"), { message: "x" })).toBeNull();
  });

  it("speaks the visitor's language", () => {
    expect(paymentErrorText(tIn("ar"), { message: "x", code: "payment_declined" })).toBe(locales.ar!.paymentErrors.payment_declined);
    expect(paymentErrorText(tIn("en"), { message: "x", code: "paypal_timeout" })).toBe("PayPal is not answering at the moment. Please try again shortly.");
  });
});
