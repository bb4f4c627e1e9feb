import { describe, expect, it } from "vitest";
import { validateLogin } from "./loginForm";

describe("admin login validation (SPEC 5: email and password required)", () => {
  it("refuses empty fields", () => {
    expect(validateLogin({ email: "", password: "" })).toEqual({
      email: "L'email est requis",
      password: "Le mot de passe est requis",
    });
  });
  it("refuses a blank email", () => {
    expect(validateLogin({ email: "   ", password: "x" }).email).toBeDefined();
  });
  it("accepts both present", () => {
    expect(validateLogin({ email: "a@b.c", password: "x" })).toEqual({});
  });
});
