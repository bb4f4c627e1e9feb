import { describe, expect, it } from "vitest";
import { tokenOf } from "./api";

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
