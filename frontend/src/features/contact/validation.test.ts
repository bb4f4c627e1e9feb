import { describe, expect, it } from "vitest";
import { validateContact } from "./validation";

const filled = { name: "Nadia", email: "nadia@example.com", phone: "", subject: "Question", message: "Bonjour" };

describe("the contact form's rules", () => {
  it("asks for name, email, subject and message; the phone is optional", () => {
    expect(validateContact(filled)).toEqual({});
    expect(validateContact({ name: " ", email: "", phone: "", subject: "", message: "\n" })).toEqual({
      name: "required",
      email: "required",
      subject: "required",
      message: "required",
    });
  });

  it("refuses an address without @ or domain", () => {
    expect(validateContact({ ...filled, email: "nadia" })).toEqual({ email: "email" });
    expect(validateContact({ ...filled, email: "nadia@example" })).toEqual({ email: "email" });
  });
});
