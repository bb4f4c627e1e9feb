import { describe, expect, it } from "vitest";
import { thumbnailUrl } from "./images";

describe("thumbnailUrl", () => {
  it("turns a public storage object into a resized render", () => {
    expect(thumbnailUrl("/storage/v1/object/public/car-images/seed/a.jpg", 800, 500)).toBe(
      "/storage/v1/render/image/public/car-images/seed/a.jpg?width=800&height=500&resize=cover",
    );
    expect(thumbnailUrl("http://h:1/storage/v1/object/public/blog-images/b.png", 400)).toBe(
      "http://h:1/storage/v1/render/image/public/blog-images/b.png?width=400&resize=cover",
    );
  });
  it("leaves other images alone", () => {
    expect(thumbnailUrl("/fleet/audi-q5.svg", 800)).toBe("/fleet/audi-q5.svg");
    expect(thumbnailUrl("https://example.com/x.jpg", 800)).toBe("https://example.com/x.jpg");
  });
});
