import { describe, expect, it } from "vitest";
import { tAdmin } from "../../admin-kit";
import { codeError, normalizeCode } from "./mfaCode";

describe("TOTP code field", () => {
  it("accepts 6 digits, with the space authenticator apps show", () => {
    expect(codeError("123456")).toBeUndefined();
    expect(codeError(" 123 456 ")).toBeUndefined();
    expect(normalizeCode("123 456")).toBe("123456");
  });
  it("refuses empty, short, long and non-digit codes", () => {
    expect(codeError("")).toBe(tAdmin("mfa.codeRequired"));
    expect(codeError("12345")).toBe(tAdmin("mfa.codeInvalid"));
    expect(codeError("1234567")).toBe(tAdmin("mfa.codeInvalid"));
    expect(codeError("12a456")).toBe(tAdmin("mfa.codeInvalid"));
  });
});
