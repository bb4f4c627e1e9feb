import { describe, expect, it } from "vitest";
import { responsiveImage, thumbnailUrl } from "./images";

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

describe("responsiveImage", () => {
  it("offers renders of one aspect whose sizes the server keeps as asked", () => {
    const img = responsiveImage("/storage/v1/object/public/car-images/a.jpg", "16:10", "100vw", 800);
    expect(img.srcSet).toBe(
      [
        "/storage/v1/render/image/public/car-images/a.jpg?width=320&height=200&resize=cover 320w",
        "/storage/v1/render/image/public/car-images/a.jpg?width=640&height=400&resize=cover 640w",
        "/storage/v1/render/image/public/car-images/a.jpg?width=800&height=500&resize=cover 800w",
      ].join(", "),
    );
    expect(img.src).toBe("/storage/v1/render/image/public/car-images/a.jpg?width=800&height=500&resize=cover");
    expect(img.sizes).toBe("100vw");
  });
  it("leaves other images alone", () => {
    expect(responsiveImage("/fleet/audi-q5.svg", "16:10", "100vw")).toEqual({ src: "/fleet/audi-q5.svg" });
  });
});
