import { describe, expect, it } from "vitest";
import { allowsOptional, CLOSE_CHOICE, cookiesToRemove, parseConsent, shouldShowBanner } from "./consent";
import { parseCookieHeader } from "./cookies";

describe("cookie consent (SPEC sections 2, 4, 9)", () => {
  it("shows the card until a valid choice is stored", () => {
    expect(shouldShowBanner(parseConsent(undefined))).toBe(true);
    expect(shouldShowBanner(parseConsent("maybe"))).toBe(true);
    for (const c of ["accepted", "essential", "rejected"]) expect(shouldShowBanner(parseConsent(c))).toBe(false);
  });
  it("closing counts as essential only", () => {
    expect(CLOSE_CHOICE).toBe("essential");
  });
  it("essential or rejected removes every cookie except consent and language", () => {
    const names = ["cookie-consent", "language", "_ga", "_fbp", "sb-localhost-auth-token"];
    expect(cookiesToRemove("essential", names)).toEqual(["_ga", "_fbp", "sb-localhost-auth-token"]);
    expect(cookiesToRemove("rejected", names)).toEqual(["_ga", "_fbp", "sb-localhost-auth-token"]);
  });
  it("accepted or unset removes nothing", () => {
    expect(cookiesToRemove("accepted", ["_ga"])).toEqual([]);
    expect(cookiesToRemove("unset", ["_ga"])).toEqual([]);
  });
  it("only accepted allows optional trackers", () => {
    expect(allowsOptional("accepted")).toBe(true);
    expect(allowsOptional("essential")).toBe(false);
    expect(allowsOptional("rejected")).toBe(false);
    expect(allowsOptional("unset")).toBe(false);
  });
  it("parses a cookie header", () => {
    expect(parseCookieHeader("language=ar; cookie-consent=accepted; x=%C3%A9")).toEqual({ language: "ar", "cookie-consent": "accepted", x: "é" });
  });
});
