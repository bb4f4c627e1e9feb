import { describe, expect, it } from "vitest";
import { validateAdminForm } from "./adminFormValues";
import { stillWrong } from "../admin-kit";

// After a failed save, "Le nom est requis" stayed under a field since filled.
describe("errors shown after a failed save", () => {
  it("go as soon as their field is fixed, and no new one appears before the next save", () => {
    const empty = { first_name: "", last_name: "", email: "", password: "" };
    const shown = validateAdminForm(empty);
    expect(Object.keys(shown).length).toBeGreaterThan(1);
    const typing = { ...empty, first_name: "Nadia", email: "nadia" };
    const now = stillWrong(shown, validateAdminForm(typing));
    expect(now.first_name).toBeUndefined();
    expect(now.email).toBe(validateAdminForm(typing).email); // still wrong, with today's message
    expect(now.last_name).toBe(shown.last_name);
    expect(stillWrong({}, validateAdminForm(empty))).toEqual({});
  });
});
