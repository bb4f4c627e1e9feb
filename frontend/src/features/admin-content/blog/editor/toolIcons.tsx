import { Drawing, IconImage } from "../../../admin-kit";

// Small glyphs of the editor toolbar that fonts do not reliably have, drawn like the back office's icons.

const CHAIN = ["M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1", "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"];

export const LinkGlyph = () => <Drawing shapes={CHAIN} size={18} />;
export const UnlinkGlyph = () => <Drawing shapes={[...CHAIN, "M4 4l16 16"]} size={18} />;
export const ImageGlyph = () => <IconImage size={18} />;
export const TableGlyph = () => <Drawing shapes={[{ rect: [3, 4, 18, 16, 2] }, "M3 10h18M3 15h18M9 4v16M15 4v16"]} size={18} />;
export const OrderedListGlyph = () => <Drawing shapes={["M10 6h11M10 12h11M10 18h11", "M4 4h1v4M4 8h2", "M4 14.5a1 1 0 0 1 2 0c0 .8-2 1.5-2 3.5h2"]} size={18} />;
