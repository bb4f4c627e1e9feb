import type { ReactNode } from "react";
import { Icon, SvgIcon } from "../../../components/Icon";

// The back office's icons. The frame is the site's (src/components/Icon.tsx) and
// so are the drawings both use (car, calendar, mail...); the ones only the back
// office needs are drawn here, so they stay out of the public bundle. Decorative:
// every button that shows one also carries text or an aria-label.

function Svg({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return <SvgIcon size={size}>{children}</SvgIcon>;
}

type P = { size?: number };

export const IconDashboard = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </Svg>
);
export const IconCar = (p: P) => <Icon name="car" size={p.size} />;
export const IconBlog = (p: P) => (
  <Svg {...p}>
    <path d="M4 4h12l4 4v12H4z" />
    <path d="M8 10h8M8 14h8M8 18h5" />
  </Svg>
);
export const IconCalendar = (p: P) => <Icon name="calendar" size={p.size} />;
export const IconMail = (p: P) => <Icon name="mail" size={p.size} />;
export const IconUsers = (p: P) => <Icon name="users" size={p.size} />;
export const IconShield = (p: P) => (
  <Svg {...p}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
);
export const IconMenu = (p: P) => <Icon name="menu" size={p.size} />;
export const IconClose = (p: P) => <Icon name="x" size={p.size} />;
export const IconChevronStart = (p: P) => <Icon name="chevronStart" size={p.size} />;
export const IconChevronEnd = (p: P) => <Icon name="chevronEnd" size={p.size} />;
export const IconExternal = (p: P) => (
  <Svg {...p}>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
);
export const IconLogout = (p: P) => (
  <Svg {...p}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5M21 12H9" />
  </Svg>
);
export const IconEye = (p: P) => (
  <Svg {...p}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
export const IconEyeOff = (p: P) => (
  <Svg {...p}>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Svg>
);
export const IconEdit = (p: P) => (
  <Svg {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </Svg>
);
export const IconTrash = (p: P) => (
  <Svg {...p}>
    <path d="M4 7h16M10 11v6M14 11v6" />
    <path d="M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
export const IconPlus = (p: P) => (
  <Svg {...p}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const IconDownload = (p: P) => (
  <Svg {...p}>
    <path d="M12 4v11M7 10l5 5 5-5" />
    <path d="M4 20h16" />
  </Svg>
);
export const IconSearch = (p: P) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </Svg>
);
export const IconUpload = (p: P) => (
  <Svg {...p}>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 20h16" />
  </Svg>
);
export const IconAlert = (p: P) => (
  <Svg {...p}>
    <path d="M12 3 2 20h20z" />
    <path d="M12 10v4M12 17h.01" />
  </Svg>
);
export const IconMoney = (p: P) => (
  <Svg {...p}>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
export const IconChat = (p: P) => <Icon name="chat" size={p.size} />;
export const IconCheck = (p: P) => <Icon name="check" size={p.size} />;
export const IconArchive = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v11h14V8M10 12h4" />
  </Svg>
);
export const IconReply = (p: P) => (
  <Svg {...p}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 6 6v4" />
  </Svg>
);
export const IconUserMinus = (p: P) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21v-1a6 6 0 0 1 12 0v1M16 11h6" />
  </Svg>
);
export const IconImage = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </Svg>
);
export const IconArrowUp = (p: P) => <Icon name="arrowUp" size={p.size} />;
export const IconArrowDown = (p: P) => (
  <Svg {...p}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Svg>
);
export const IconWrench = (p: P) => <Icon name="tool" size={p.size} />;
export const IconPlanning = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="17" rx="2" />
    <path d="M3 9h18" />
    <path d="M7 13h6M10 17h7" />
  </Svg>
);

// Ordered options (issue 14): one small picture per extra, shown next to its name.
export const IconPin = (p: P) => <Icon name="pin" size={p.size} />;
export const IconWifi = (p: P) => (
  <Svg {...p}>
    <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0" />
    <path d="M12 19h.01" />
  </Svg>
);
export const IconChildSeat = (p: P) => (
  <Svg {...p}>
    <circle cx="10" cy="5" r="2" />
    <path d="M7 9v6a2 2 0 0 0 2 2h6l2 4M7 13h6" />
    <path d="M17 9v4" />
  </Svg>
);
export const IconUserPlus = (p: P) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21v-1a6 6 0 0 1 12 0v1M19 8v6M16 11h6" />
  </Svg>
);
export const IconLifebuoy = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4" />
    <path d="m5.6 5.6 3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6" />
  </Svg>
);
export const IconSnowflake = (p: P) => (
  <Svg {...p}>
    <path d="M12 2v20M4 7l16 10M20 7 4 17" />
    <path d="m9 4 3 2 3-2M9 20l3-2 3 2" />
  </Svg>
);
export const IconTicket = (p: P) => (
  <Svg {...p}>
    <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" />
    <path d="M14 7v2M14 11v2M14 15v2" />
  </Svg>
);
export const IconRefund = (p: P) => (
  <Svg {...p}>
    <path d="M4 9h11a5 5 0 0 1 0 10H9" />
    <path d="m8 5-4 4 4 4" />
  </Svg>
);
export const IconCash = (p: P) => (
  <Svg {...p}>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <path d="M12 9v6M10 10.5c0-.8.9-1.5 2-1.5s2 .6 2 1.4M14 13.5c0 .8-.9 1.5-2 1.5s-2-.6-2-1.4" />
  </Svg>
);
