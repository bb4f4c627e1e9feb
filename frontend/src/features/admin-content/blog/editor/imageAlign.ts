// SPEC section 5: images in an article are aligned left, center, right or full
// width. The alignment travels in the HTML itself (data-align plus an inline
// style), so the public article shows it with no stylesheet of its own.
// Logical properties: "left" is the start side, mirrored in a right-to-left page.

import { isOneOf } from "../../../../lib/guards";

export const IMAGE_ALIGNS = ["left", "center", "right", "full"] as const;
export type ImageAlign = (typeof IMAGE_ALIGNS)[number];

export const IMAGE_ALIGN_STYLE: Record<ImageAlign, string> = {
  left: "float: inline-start; max-width: 50%; height: auto; margin-inline-end: 1rem; margin-block-end: 0.75rem;",
  center: "display: block; max-width: 100%; height: auto; margin-inline: auto;",
  right: "float: inline-end; max-width: 50%; height: auto; margin-inline-start: 1rem; margin-block-end: 0.75rem;",
  full: "display: block; width: 100%; height: auto;",
};

export function parseImageAlign(value: string | null | undefined): ImageAlign {
  return isOneOf(IMAGE_ALIGNS, value) ? value : "center";
}
