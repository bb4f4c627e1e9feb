import { SvgIcon } from "../../../../components/Icon";

// Small glyphs of the editor toolbar that fonts do not reliably have, in the site's icon frame.

export const LinkGlyph = () => (
  <SvgIcon size={18}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </SvgIcon>
);
export const UnlinkGlyph = () => (
  <SvgIcon size={18}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    <path d="M4 4l16 16" />
  </SvgIcon>
);
export const ImageGlyph = () => (
  <SvgIcon size={18}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </SvgIcon>
);
export const TableGlyph = () => (
  <SvgIcon size={18}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M3 10h18M3 15h18M9 4v16M15 4v16" />
  </SvgIcon>
);
export const OrderedListGlyph = () => (
  <SvgIcon size={18}>
    <path d="M10 6h11M10 12h11M10 18h11" />
    <path d="M4 4h1v4M4 8h2" />
    <path d="M4 14.5a1 1 0 0 1 2 0c0 .8-2 1.5-2 3.5h2" />
  </SvgIcon>
);
