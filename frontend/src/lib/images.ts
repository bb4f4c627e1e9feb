// Public storage objects can be served resized by the storage render endpoint
// (/storage/v1/render/image/public/...): list pages fetch thumbnails, not the
// full photos. Any other URL (fallback fleet, external) is returned as is.
const OBJECT = "/storage/v1/object/public/";
const RENDER = "/storage/v1/render/image/public/";

export function thumbnailUrl(url: string, width: number, height?: number): string {
  const at = url.indexOf(OBJECT);
  if (at < 0 || url.includes("?")) return url;
  const params = new URLSearchParams({ width: String(width) });
  if (height) params.set("height", String(height));
  params.set("resize", "cover");
  return `${url.slice(0, at)}${RENDER}${url.slice(at + OBJECT.length)}?${params}`;
}

/** Props of an <img> that lets the browser pick a render width (srcset/sizes). */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

// Widths of each aspect whose heights are render sizes too (DefaultRenderSizes in
// server/config/storage.go), so a render is exactly what was asked, never snapped.
const WIDTHS: Record<"16:10" | "16:9", [number, number][]> = {
  "16:10": [
    [320, 200],
    [640, 400],
    [800, 500],
    [1280, 800],
  ],
  "16:9": [
    [800, 450],
    [1280, 720],
    [1920, 1080],
  ],
};

/**
 * A public storage image as renders of several widths of one aspect; `sizes` says
 * how wide the image is laid out. Other URLs come back as they are.
 */
export function responsiveImage(url: string, aspect: keyof typeof WIDTHS, sizes: string, maxWidth = Infinity): ResponsiveImage {
  const widths = WIDTHS[aspect].filter(([w]) => w <= maxWidth);
  const first = widths[0];
  if (!first || thumbnailUrl(url, first[0], first[1]) === url) return { src: url };
  const srcSet = widths.map(([w, h]) => `${thumbnailUrl(url, w, h)} ${w}w`).join(", ");
  const [w, h] = widths[Math.min(2, widths.length - 1)]!;
  return { src: thumbnailUrl(url, w, h), srcSet, sizes };
}
