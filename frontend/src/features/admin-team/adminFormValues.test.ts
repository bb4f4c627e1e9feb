import { describe, expect, it } from "vitest";
import { validateAdminForm } from "./adminFormValues";

const ok = { email: "new.admin@casarent.ma", password: "secret1-long", first_name: "Salma", last_name: "Idrissi" };

describe("administrator creation validation (SPEC 5)", () => {
  it("accepts a complete form", () => {
    expect(validateAdminForm(ok)).toEqual({});
  });
  it("requires every field with the SPEC's texts", () => {
    expect(validateAdminForm({ email: "", password: "", first_name: " ", last_name: "" })).toEqual({
      email: "Email requis",
      password: "Mot de passe requis",
      first_name: "Prénom requis",
      last_name: "Nom requis",
    });
  });
  it.each(["plain", "a@b", "a b@c.d", "@c.d", "a@.d"])("refuses the address %s", (email) => {
    expect(validateAdminForm({ ...ok, email }).email).toBe("Email invalide");
  });
  it("accepts surrounding spaces around a valid address", () => {
    expect(validateAdminForm({ ...ok, email: "  x@y.ma " }).email).toBeUndefined();
  });
  it("needs at least 12 characters of password", () => {
    expect(validateAdminForm({ ...ok, password: "12345678901" }).password).toBe("Minimum 12 caractères");
    expect(validateAdminForm({ ...ok, password: "123456789012" }).password).toBeUndefined();
  });
});
