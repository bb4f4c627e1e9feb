import { Icon, SvgIcon, type IconName } from "../../../components/Icon";

// The back office's icons. The frame is the site's (src/components/Icon.tsx) and
// so are the drawings both use (car, calendar, mail...); the ones only the back
// office needs are drawn here as data, so they stay out of the public bundle.
// Decorative: every button that shows one also carries text or an aria-label.

/** Path data, or a circle (cx, cy, r), or a rectangle (x, y, width, height, corner radius). */
export type Shape = string | { circle: [number, number, number] } | { rect: [number, number, number, number, number] };

const DRAWINGS = {
  dashboard: [{ rect: [3, 3, 7, 9, 1] }, { rect: [14, 3, 7, 5, 1] }, { rect: [14, 12, 7, 9, 1] }, { rect: [3, 16, 7, 5, 1] }],
  blog: ["M4 4h12l4 4v12H4z", "M8 10h8M8 14h8M8 18h5"],
  shield: ["M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z", "m9 12 2 2 4-4"],
  external: ["M14 4h6v6M20 4l-9 9", "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"],
  logout: ["M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4", "m16 17 5-5-5-5M21 12H9"],
  eye: ["M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z", { circle: [12, 12, 3] }],
  eyeOff: ["M3 3l18 18", "M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6", "M9.9 9.9a3 3 0 0 0 4.2 4.2"],
  edit: ["M4 20h4L19 9l-4-4L4 16z", "m13.5 6.5 4 4"],
  trash: ["M4 7h16M10 11v6M14 11v6", "M6 7l1 13h10l1-13M9 7V4h6v3"],
  plus: ["M12 5v14M5 12h14"],
  download: ["M12 4v11M7 10l5 5 5-5", "M4 20h16"],
  search: [{ circle: [11, 11, 7] }, "m20 20-4-4"],
  upload: ["M12 16V4M7 9l5-5 5 5", "M4 20h16"],
  alert: ["M12 3 2 20h20z", "M12 10v4M12 17h.01"],
  money: [{ rect: [2, 6, 20, 12, 2] }, { circle: [12, 12, 3] }],
  archive: [{ rect: [3, 4, 18, 4, 1] }, "M5 8v11h14V8M10 12h4"],
  reply: ["M9 14 4 9l5-5", "M4 9h10a6 6 0 0 1 6 6v4"],
  userMinus: [{ circle: [9, 8, 4] }, "M2 21v-1a6 6 0 0 1 12 0v1M16 11h6"],
  image: [{ rect: [3, 4, 18, 16, 2] }, { circle: [9, 10, 2] }, "m21 16-5-5-9 9"],
  arrowDown: ["M12 5v14M6 13l6 6 6-6"],
  planning: [{ rect: [3, 4, 18, 17, 2] }, "M3 9h18", "M7 13h6M10 17h7"],
  wifi: ["M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0", "M12 19h.01"],
  childSeat: [{ circle: [10, 5, 2] }, "M7 9v6a2 2 0 0 0 2 2h6l2 4M7 13h6", "M17 9v4"],
  userPlus: [{ circle: [9, 8, 4] }, "M2 21v-1a6 6 0 0 1 12 0v1M19 8v6M16 11h6"],
  lifebuoy: [{ circle: [12, 12, 9] }, { circle: [12, 12, 4] }, "m5.6 5.6 3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6"],
  snowflake: ["M12 2v20M4 7l16 10M20 7 4 17", "m9 4 3 2 3-2M9 20l3-2 3 2"],
  ticket: ["M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z", "M14 7v2M14 11v2M14 15v2"],
  refund: ["M4 9h11a5 5 0 0 1 0 10H9", "m8 5-4 4 4 4"],
  cash: [{ rect: [2, 6, 20, 12, 2] }, "M12 9v6M10 10.5c0-.8.9-1.5 2-1.5s2 .6 2 1.4M14 13.5c0 .8-.9 1.5-2 1.5s-2-.6-2-1.4"],
} satisfies Record<string, Shape[]>;

function ShapeElement({ shape }: { shape: Shape }) {
  if (typeof shape === "string") return <path d={shape} />;
  if ("circle" in shape) {
    const [cx, cy, r] = shape.circle;
    return <circle cx={cx} cy={cy} r={r} />;
  }
  const [x, y, width, height, rx] = shape.rect;
  return <rect x={x} y={y} width={width} height={height} rx={rx} />;
}

/** Shapes drawn in the site's icon frame (the editor's toolbar glyphs use it too). */
export function Drawing({ shapes, size = 20 }: { shapes: readonly Shape[]; size?: number | undefined }) {
  return (
    <SvgIcon size={size}>
      {shapes.map((shape, i) => (
        <ShapeElement key={i} shape={shape} />
      ))}
    </SvgIcon>
  );
}

type P = { size?: number };
/** An icon drawn here, or one of the site's. */
const drawn = (name: keyof typeof DRAWINGS) => (p: P) => <Drawing shapes={DRAWINGS[name]} size={p.size} />;
const site = (name: IconName) => (p: P) => <Icon name={name} size={p.size} />;

export const IconDashboard = drawn("dashboard");
export const IconCar = site("car");
export const IconBlog = drawn("blog");
export const IconCalendar = site("calendar");
export const IconMail = site("mail");
export const IconUsers = site("users");
export const IconShield = drawn("shield");
export const IconMenu = site("menu");
export const IconClose = site("x");
export const IconChevronStart = site("chevronStart");
export const IconChevronEnd = site("chevronEnd");
export const IconExternal = drawn("external");
export const IconLogout = drawn("logout");
export const IconEye = drawn("eye");
export const IconEyeOff = drawn("eyeOff");
export const IconEdit = drawn("edit");
export const IconTrash = drawn("trash");
export const IconPlus = drawn("plus");
export const IconDownload = drawn("download");
export const IconSearch = drawn("search");
export const IconUpload = drawn("upload");
export const IconAlert = drawn("alert");
export const IconMoney = drawn("money");
export const IconChat = site("chat");
export const IconCheck = site("check");
export const IconArchive = drawn("archive");
export const IconReply = drawn("reply");
export const IconUserMinus = drawn("userMinus");
export const IconImage = drawn("image");
export const IconArrowUp = site("arrowUp");
export const IconArrowDown = drawn("arrowDown");
export const IconWrench = site("tool");
export const IconPlanning = drawn("planning");
export const IconPin = site("pin");
export const IconWifi = drawn("wifi");
export const IconChildSeat = drawn("childSeat");
export const IconUserPlus = drawn("userPlus");
export const IconLifebuoy = drawn("lifebuoy");
export const IconSnowflake = drawn("snowflake");
export const IconTicket = drawn("ticket");
export const IconRefund = drawn("refund");
export const IconCash = drawn("cash");
