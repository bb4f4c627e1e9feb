import { afterEach, describe, expect, it } from "vitest";
import { pageData, pageDataUpdatedAt, setPageData } from "./pageData";

describe("the server's page data", () => {
  afterEach(() => setPageData(null));

  it("is as fresh as the page by default", () => {
    setPageData({ path: "/cars/clio", lang: "fr", data: { car: { price: 300 } } });
    expect(pageData("car")).toEqual({ price: 300 });
    expect(pageDataUpdatedAt()).toBeUndefined();
  });

  it("marked stale by the server, it is shown and then read again", () => {
    setPageData({ path: "/cars/clio", lang: "fr", data: { car: { price: 300 } }, stale: true });
    expect(pageData("car")).toEqual({ price: 300 });
    expect(pageDataUpdatedAt()).toBe(0);
  });

  it("without a page, nothing", () => {
    expect(pageDataUpdatedAt()).toBeUndefined();
  });
});
