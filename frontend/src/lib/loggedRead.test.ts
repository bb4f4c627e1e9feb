import { afterEach, describe, expect, it, vi } from "vitest";
import { loggedRead } from "./loggedRead";

describe("loggedRead", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => logged.mockClear());

  it("gives the data read, logging nothing", async () => {
    expect(await loggedRead("x failed", [], async () => ({ data: [1, 2], error: null }))).toEqual([1, 2]);
    expect(logged).not.toHaveBeenCalled();
  });

  it("gives the fallback for no data, logging nothing", async () => {
    expect(await loggedRead<number[]>("x failed", [7], async () => ({ data: null, error: null }))).toEqual([7]);
    expect(logged).not.toHaveBeenCalled();
  });

  it("logs an error answered and gives the fallback", async () => {
    const error = { code: "42501", message: "permission denied" };
    expect(await loggedRead<number[] | null>("x failed", null, async () => ({ data: null, error }))).toBeNull();
    expect(logged).toHaveBeenCalledWith("x failed", error);
  });

  it("logs an error thrown (the client not loaded, the network down) and gives the fallback", async () => {
    const thrown = new TypeError("Failed to fetch");
    expect(
      await loggedRead<number[]>("x failed", [], async () => {
        throw thrown;
      }),
    ).toEqual([]);
    expect(logged).toHaveBeenCalledWith("x failed", thrown);
  });
});
