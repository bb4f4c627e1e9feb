import { describe, expect, it } from "vitest";
import { extraKmPriceOf, isTermsVersion, mileageOf, wholeNumber } from "./keyFactsForm";

describe("the key facts screen's figures", () => {
  it("reads whole numbers within their bounds only", () => {
    expect(wholeNumber(" 21 ", 18, 99)).toBe(21);
    expect(wholeNumber("17", 18, 99)).toBeNull();
    expect(wholeNumber("2.5", 0, 60)).toBeNull();
    expect(wholeNumber("", 0, 60)).toBeNull();
  });
  it("reads an empty mileage as unlimited", () => {
    expect(mileageOf("")).toEqual({ ok: true, value: null });
    expect(mileageOf("300")).toEqual({ ok: true, value: 300 });
    expect(mileageOf("0")).toEqual({ ok: false });
  });
  it("asks a price per extra km of a limited mileage only", () => {
    expect(extraKmPriceOf("", null)).toEqual({ ok: true, value: null });
    expect(extraKmPriceOf("3", null)).toEqual({ ok: true, value: null });
    expect(extraKmPriceOf("2,5", 250)).toEqual({ ok: true, value: 2.5 });
    expect(extraKmPriceOf(" 1.75 ", 250)).toEqual({ ok: true, value: 1.75 });
    expect(extraKmPriceOf("", 250)).toEqual({ ok: false });
    expect(extraKmPriceOf("0", 250)).toEqual({ ok: false });
    expect(extraKmPriceOf("1.255", 250)).toEqual({ ok: false });
  });
  it("accepts a terms version the database accepts", () => {
    expect(isTermsVersion("2026-11-01")).toBe(true);
    expect(isTermsVersion("v2.1")).toBe(true);
    expect(isTermsVersion(" 2026")).toBe(false);
    expect(isTermsVersion("")).toBe(false);
  });
});
