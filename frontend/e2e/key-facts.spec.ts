import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import mailAr from "../../rental/notifications/words/ar.json";
import mailEn from "../../rental/notifications/words/en.json";
import mailFr from "../../rental/notifications/words/fr.json";
import {
  acceptTerms,
  bookableCars,
  bookingsOf,
  freeDates,
  payByPayPal,
  priceOf,
  specBrowser,
  sticksOutSideways,
  visitor,
  wizardToOptions,
  wizardToSummary,
} from "./helpers.ts";

// The whole deal before the traveller commits: step 4 states the deposit, the
// chosen insurance's excess and until when cancelling is free, and asks for the
// rental terms (refused inline without them); the confirmation page and the
// confirmation e-mail repeat the same figures, read from the stored quote. One
// PayPal booking per language; its pages are checked at 360 and 1366 px.

const browser = specBrowser();
const site = { fr, en, ar } as const;
const mailWords = { fr: mailFr, en: mailEn, ar: mailAr } as const;
type Lang = keyof typeof site;

/** The confirmation e-mail sent to `to` (the e2e mail sink; the outbox worker sends it shortly after the payment). */
interface Mail {
  subject: string;
  text: string;
}

async function mailTo(to: string): Promise<Mail> {
  const sink = process.env.E2E_MAIL_URL;
  if (!sink) throw new Error("E2E_MAIL_URL must be set (scripts/test.d/50-e2e.sh starts the sink)");
  for (let i = 0; i < 6; i++) {
    // Blocks up to 10 s for the first message; 408 with what it has otherwise.
    const res = await fetch(`${sink}/messages?to=${encodeURIComponent(to)}&wait=1`);
    const body = (await res.json()) as Mail[] | { messages: Mail[] };
    const list = Array.isArray(body) ? body : body.messages;
    if (list.length > 0) return list[0]!;
  }
  throw new Error(`no e-mail to ${to}`);
}

/** The e-mail's value on the line of `label` ("label: value" in its text part). */
function mailValue(text: string, label: string): string {
  const line = text.split("\n").find((l) => l.includes(`${label}:`));
  if (!line) throw new Error(`the e-mail has no "${label}" line:\n${text}`);
  return line.slice(line.indexOf(`${label}:`) + label.length + 1);
}

async function fitsAt(page: Page, width: number, where: string, wide: string[]) {
  await page.setViewportSize({ width, height: 800 });
  const out = await sticksOutSideways(page);
  if (out) wide.push(`${where} at ${width} px: ${out}`);
}

describe("the key facts before the traveller commits, repeated by the confirmation and the e-mail", () => {
  const runs: [Lang, number][] = [
    ["fr", 520],
    ["en", 540],
    ["ar", 560],
  ];
  for (const [lang, offset] of runs) {
    it(`${lang}, at 360 and 1366 px`, async () => {
      const t = site[lang];
      const cars = await bookableCars();
      const car = cars[offset % cars.length]!;
      const { page, ctx, errors } = await visitor(browser(), { lang, width: 360 });
      const email = `keyfacts-${lang}-${Date.now()}@example.com`;
      const { from, to } = await freeDates([car.id], 3, offset);
      await wizardToOptions(page, car.slug, { from, to }, { name: "Kamal Key", email });
      await wizardToSummary(page, { insurance: "premium", paymentOption: "full", accept: false });

      // Step 4, before the submit: the figures and the two boxes, unticked.
      const summary = page.getByTestId("booking-summary");
      const shown = {
        deposit: (await summary.getByTestId("summary-deposit").textContent())!,
        excess: (await summary.getByTestId("summary-excess").textContent())!,
        cancellation: (await summary.getByTestId("summary-free-cancellation").textContent())!,
        late: (await summary.getByTestId("summary-late-cancellation").textContent())!,
      };
      const excessLabel = t.keyFacts.excessOf.replace("{{insurance}}", t.booking.insurances.premium.name);
      expect(await summary.locator("dt", { hasText: excessLabel }).count()).toBe(1);
      for (const id of ["summary-mileage", "summary-fuel", "summary-driver"]) expect((await summary.getByTestId(id).textContent())?.trim()).toBeTruthy();
      expect(await page.getByTestId("accept-terms").isChecked()).toBe(false);

      // Submitting without accepting is refused where the boxes are, in the language.
      await page.getByTestId("wizard-submit").click();
      await expect.poll(() => page.locator("#err-termsAccepted").textContent()).toBe(t.booking.errors.acceptTerms);
      expect(await page.locator("#err-driverConfirmed").textContent()).toBe(t.booking.errors.confirmDriver);
      expect(await page.getByTestId("accept-terms").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByTestId("accept-terms").getAttribute("aria-describedby")).toBe("err-termsAccepted");
      expect(await page.getByTestId("booking-confirm").count()).toBe(0);
      // The focus is on the first box left unticked (its error is read with it).
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("confirm-driver");
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      const wide: string[] = [];
      await fitsAt(page, 360, "step 4", wide);
      await fitsAt(page, 1366, "step 4", wide);

      await acceptTerms(page);
      expect(await page.locator("#err-termsAccepted").count()).toBe(0);
      await page.getByTestId("wizard-submit").click();
      await payByPayPal(page);

      // The confirmation page repeats the same figures, from the stored quote.
      const [b] = await bookingsOf(email);
      const stored = b as unknown as { quote: Record<string, number | string>; terms_version: string | null; terms_accepted_at: string | null };
      expect(stored.terms_version).toBe(stored.quote.terms_version);
      expect(stored.terms_accepted_at).toBeTruthy();
      for (const width of [1366, 360]) {
        await fitsAt(page, width, "confirmation", wide);
        expect(await page.getByTestId("price-line-deposit").locator("dd").textContent()).toBe(shown.deposit);
        expect(await page.getByTestId("order-excess").textContent()).toBe(shown.excess);
        expect(await page.getByTestId("order-free-cancellation").textContent()).toBe(shown.cancellation);
        expect(await page.getByTestId("order-late-cancellation").textContent()).toBe(shown.late);
      }
      expect(priceOf(shown.deposit)).toBe(Number(stored.quote.deposit));
      expect(priceOf(shown.excess)).toBe(Number(stored.quote.excess));

      // The e-mail states them too, in the booking's language.
      const w = mailWords[lang];
      const mail = await mailTo(email);
      expect(priceOf(mailValue(mail.text, w.Deposit))).toBe(Number(stored.quote.deposit));
      expect(priceOf(mailValue(mail.text, w.Excess.replace("%s", w.InsuranceNames.premium)))).toBe(Number(stored.quote.excess));
      expect(priceOf(mailValue(mail.text, w.LateCancellation))).toBe(Number(stored.quote.late_cancellation_fee));
      const until = String(stored.quote.free_cancellation_until); // "2027-01-10T09:00:00"
      expect(mailValue(mail.text, w.FreeCancellation)).toContain(until.slice(11, 16));
      expect(mailValue(mail.text, w.FreeCancellation)).toContain(until.slice(0, 4));

      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
