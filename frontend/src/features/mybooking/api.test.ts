import { describe, expect, it } from "vitest";
import { failure, tokenOf } from "./api";

describe("the token of an e-mailed link", () => {
  const token = "0123456789abcdef".repeat(4);
  it("is read from the fragment", () => {
    expect(tokenOf(`#token=${token}`)).toBe(token);
    expect(tokenOf(`#x=1&token=${token}`)).toBe(token);
  });
  it("is nothing when absent or not of the link's shape", () => {
    expect(tokenOf("")).toBeNull();
    expect(tokenOf("#token=abc")).toBeNull();
    expect(tokenOf(`#token=${token}zz`)).toBeNull();
  });
});

describe("a refusal by a limit", () => {
  it("tells the caps on links per booking and per recipient from the per-address limit", () => {
    expect(failure({ code: "PT429", details: { by: "booking", limit: 3, per: "00:15:00" } })).toEqual({ kind: "limited", by: "booking" });
    expect(failure({ code: "PT429", details: { by: "recipient", limit: 5 } })).toEqual({ kind: "limited", by: "recipient" });
    expect(failure({ code: "PT429", details: "at most 10 my_booking_link per 00:01:00 from one address" })).toEqual({ kind: "limited" });
  });
});
