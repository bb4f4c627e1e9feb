import { IconCalendar, IconChat, IconMail, useAdminTranslation } from "../admin-kit";
import type { ActivityItem } from "./stats";

const icons = { booking: <IconCalendar size={18} />, message: <IconMail size={18} />, click: <IconChat size={18} /> };

function ago(iso: string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  const rtf = new Intl.RelativeTimeFormat("fr-FR", { numeric: "auto" });
  if (s < 60) return rtf.format(-s, "second");
  if (s < 3600) return rtf.format(-Math.round(s / 60), "minute");
  if (s < 86400) return rtf.format(-Math.round(s / 3600), "hour");
  if (s < 86400 * 30) return rtf.format(-Math.round(s / 86400), "day");
  return new Date(iso).toLocaleDateString("fr-FR");
}

export function ActivityList({ items, now }: { items: ActivityItem[]; now: Date }) {
  const { t } = useAdminTranslation();
  if (items.length === 0) return <p className="adm-muted">{t("dashboard.activityEmpty")}</p>;
  return (
    <ul className="adm-activity" data-testid="activity-list">
      {items.map((i) => (
        <li key={`${i.kind}-${i.id}`} className={`adm-activity__item adm-activity__item--${i.kind}`}>
          <span className="adm-activity__icon" aria-hidden="true">
            {icons[i.kind]}
          </span>
          <span className="adm-activity__text">{i.text}</span>
          <time className="adm-muted adm-activity__time" dateTime={i.at}>
            {ago(i.at, now)}
          </time>
        </li>
      ))}
    </ul>
  );
}
