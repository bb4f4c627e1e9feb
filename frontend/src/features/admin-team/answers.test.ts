import { describe, expect, it } from "vitest";
import { readCreateOutcome, readMfa } from "./answers";

// admin-users' answers are read with a check (no cast on a query result).

const user = { id: "u1", email: "a@b.test", first_name: null, last_name: "B", role: "admin", created_at: "2026-01-01T00:00:00+00:00" };

describe("admin-users answers", () => {
  it("reads a create answer", () => {
    expect(readCreateOutcome({ user, created: false, promoted: true, message: "…" })).toEqual({ user, created: false, promoted: true });
  });
  it.each([null, "ok", { user, created: true }, { user: { ...user, id: 1 }, created: true, promoted: false }])("refuses the create answer %j", (json) => {
    expect(() => readCreateOutcome(json)).toThrow("unexpected answer from admin-users");
  });
  it("reads the MFA list", () => {
    expect([...readMfa({ admins: [{ ...user, mfa: true }, { id: "u2" }, { id: "u3", mfa: "yes" }] })]).toEqual([
      ["u1", true],
      ["u2", false],
      ["u3", false],
    ]);
  });
  it.each([null, {}, { admins: {} }, { admins: [{ mfa: true }] }])("refuses the list answer %j", (json) => {
    expect(() => readMfa(json)).toThrow("unexpected answer from admin-users");
  });
});
