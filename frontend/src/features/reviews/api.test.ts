import { describe, expect, it } from "vitest";
import { failure, tokenOf } from "./api";

describe("the review page's reading of the database", () => {
  it("words each refusal of submit_review", () => {
    expect(failure({ code: "RV001" })).toBe("link");
    expect(failure({ code: "RV002", details: { field: "stars", min: 1, max: 5 } })).toBe("stars");
    expect(failure({ code: "RV002", details: '{"field": "comment", "max": 2000}' })).toBe("comment");
    expect(failure({ code: "RV003" })).toBe("already");
    expect(failure({ code: "RV004", details: { status: "in_progress" } })).toBe("notCompleted");
    expect(failure({ code: "PT429" })).toBe("limited");
    expect(failure({ code: "42501" })).toBe("other");
  });

  it("takes the token from the fragment whatever its shape, for the database to judge", () => {
    expect(tokenOf("#token=" + "a1".repeat(32))).toBe("a1".repeat(32));
    expect(tokenOf("#token=forged")).toBe("forged");
    expect(tokenOf("#other=1")).toBeNull();
    expect(tokenOf("")).toBeNull();
  });
});
