import { describe, expect, it } from "vitest";
import { casablancaOffset, formatAmount, formatInstantDay, plainFormatters, plainMoney, plainRate, formatDay, formatInstant, formatMoment, formatMonth, formatNumber, formatNumericDay, formatPercent, wallClock, weekdayNames } from "./localeFormat";

const LRI = "\u2066";
const PDI = "\u2069";

describe("formatting in the visitor's language", () => {
  it("writes amounts the way each language groups digits, isolated left-to-right", () => {
    expect(formatAmount("fr", 1300)).toBe(`${LRI}1.300 DH${PDI}`); // fr-MA, as Morocco writes it
    expect(formatAmount("en", 1300)).toBe(`${LRI}1,300 DH${PDI}`);
    expect(formatAmount("ar", 1300)).toBe(`${LRI}1.300 DH${PDI}`);
  });

  it("writes an amount in the payment currency and the rate with each language's decimal mark", () => {
    expect(plainMoney("fr", 56.11, "EUR")).toBe("56,11 EUR");
    expect(plainMoney("en", 56.11, "EUR")).toBe("56.11 EUR");
    expect(plainMoney("ar", 56.1, "EUR")).toBe("56,10 EUR");
    expect(plainMoney("en", 1234.5, "EUR")).toBe("1,234.50 EUR");
    expect(plainRate("en", "EUR", 10.8)).toBe("1 EUR = 10.8 DH");
    expect(plainRate("fr", "EUR", 10.8)).toBe("1 EUR = 10,8 DH");
    expect(plainRate("ar", "EUR", 10.8)).toBe("1 EUR = 10,8 DH");
  });

  it("gives a post's day on Casablanca's clock in each language", () => {
    expect(formatInstantDay("fr", "2026-11-30T23:30:00Z")).toBe("1 décembre 2026"); // 00:30 in Casablanca
    expect(formatInstantDay("en", "2026-11-30T12:00:00+00:00")).toBe("30 November 2026");
    expect(formatInstantDay("ar", "2026-11-30T12:00:00Z")).toMatch(/^30 [\u0600-\u06FF]+ 2026$/);
  });

  it("marks plain text only in Arabic", () => {
    expect(plainFormatters("fr").price(1300)).toBe("1.300 DH");
    expect(plainFormatters("en").ltr("+212 6 12")).toBe("+212 6 12");
    expect(plainFormatters("ar").price(1300)).toBe(`${LRI}1.300 DH${PDI}`);
    expect(plainFormatters("ar").ltr("+212 6 12")).toBe(`${LRI}+212 6 12${PDI}`);
  });

  it("shows centimes only when there are some (due now may have them)", () => {
    expect(formatAmount("en", 412.5)).toBe(`${LRI}412.50 DH${PDI}`);
    expect(formatAmount("fr", 412.5)).toBe(`${LRI}412,50 DH${PDI}`);
  });

  it("names the months in each language, Moroccan Arabic with Latin digits", () => {
    expect(formatDay("fr", "2026-12-14")).toBe("14 décembre 2026");
    expect(formatDay("en", "2026-12-14")).toBe("14 December 2026");
    expect(formatDay("ar", "2026-12-14")).toMatch(/^14 [\u0600-\u06FF]+ 2026$/);
    expect(formatMonth("fr", 2026, 11)).toBe("décembre 2026");
  });

  it("shows a database timestamp at the agency's wall-clock time, 24-hour", () => {
    // The database's "2026-12-14T16:00:00" is 16:00 in Casablanca, whatever the browser's zone.
    expect(formatMoment("fr", "2026-12-14T16:00:00")).toBe("14 décembre 2026 à 16:00");
    expect(formatMoment("en", "2026-12-14T16:00:00")).toBe("14 December 2026 at 16:00");
    expect(formatMoment("ar", "2026-12-14T16:00:00")).toContain("16:00");
    expect(wallClock("2026-12-14T16:05:00")?.getHours()).toBe(16);
    expect(wallClock("not a date")).toBeNull();
    expect(formatMoment("en", "")).toBe("");
  });

  it("shows an instant (a hold's end) on Casablanca's clock, whatever the offset it was written with", () => {
    // Morocco is UTC+1 outside Ramadan: 15:00 UTC is 16:00 at the agency.
    expect(formatInstant("fr", "2026-12-14T15:00:00Z")).toBe("14 décembre 2026 à 16:00");
    expect(formatInstant("en", "2026-12-14T17:00:00+02:00")).toBe("14 December 2026 at 16:00");
    expect(formatInstant("ar", "2026-12-14T15:00:00.123456+00:00")).toContain("16:00");
    expect(formatInstant("en", "nonsense")).toBe("");
    // Ramadan 2027: UTC+0.
    expect(formatInstant("en", "2027-02-20T15:00:00Z")).toBe("20 February 2027 at 15:00");
  });

  it("agrees with the tz database (Node's) on Casablanca's offset, hour by hour, 2025 to 2040", () => {
    const f = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Casablanca", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit" });
    const bad: string[] = [];
    // Every change happens at 02:00 UTC: one look every 3 hours from a 02:00 sees each of them.
    for (let ms = Date.UTC(2025, 0, 1, 2); ms < Date.UTC(2041, 0, 1); ms += 3 * 3_600_000) {
      const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      const tz = (Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!) - ms) / 60_000;
      if (tz !== casablancaOffset(ms)) bad.push(new Date(ms).toISOString());
    }
    expect(bad.slice(0, 3)).toEqual([]);
  });

  it("keeps SPEC's dd/mm/yyyy for the unavailable-until notice", () => {
    expect(formatNumericDay("fr", "2026-12-04")).toBe("04/12/2026");
    expect(formatNumericDay("en", "2026-12-04")).toBe("04/12/2026");
  });

  it("writes a rating with each language's decimal mark", () => {
    expect(formatNumber("fr", 4.6)).toBe("4,6");
    expect(formatNumber("en", 4.6)).toBe("4.6");
    expect(formatNumber("ar", 4.6)).toBe("4,6");
  });

  it("writes percentages and weekday names per language, Monday first", () => {
    expect(formatPercent("en", 10)).toBe(`${LRI}10%${PDI}`);
    expect(formatPercent("fr", 10)).toBe(`${LRI}10\u00a0%${PDI}`);
    expect(weekdayNames("en", "long")[0]).toBe("Monday");
    expect(weekdayNames("fr", "long")[6]).toBe("dimanche");
  });
});
