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
