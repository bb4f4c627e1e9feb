import type { ReactNode } from "react";
import { IconChildSeat, IconLifebuoy, IconPin, IconPlus, IconShield, IconSnowflake, IconTicket, IconUserPlus, IconWifi, useAdminTranslation } from "../admin-kit";
import { useExtraOrder } from "../../lib/extraOrderApi";
import { insuranceName, orderedExtras } from "../admin-booking-core";

const icons: Record<string, (p: { size?: number }) => ReactNode> = {
  gps: IconPin,
  wifi: IconWifi,
  childSeat: IconChildSeat,
  additionalDriver: IconUserPlus,
  roadAssistance: IconLifebuoy,
  carFridge: IconSnowflake,
  jawazPass: IconTicket,
};

/**
 * What was ordered besides the car, as small icons for the bookings table: the
 * insurance (a shield, coloured by level), then each extra. Each carries its
 * name for screen readers (and as a tooltip).
 */
export function OptionIcons({ insurance, extras }: { insurance: string | null; extras: Record<string, boolean> | null }) {
  const { t } = useAdminTranslation();
  const level = insurance ?? "basic";
  const items = [
    { key: `insurance-${level}`, label: t("bookings.insuranceLabel", { name: insuranceName(level) }), icon: <IconShield size={16} />, cls: `adm-opt--${level}` },
    ...orderedExtras(extras, useExtraOrder() ?? []).map((e) => {
      const Icon = icons[e.key] ?? IconPlus;
      return { key: e.key, label: e.label, icon: <Icon size={16} />, cls: "" };
    }),
  ];
  return (
    <ul className="adm-opts" aria-label={t("bookings.options")} data-testid="booking-options">
      {items.map((i) => (
        <li key={i.key} className={`adm-opt ${i.cls}`} title={i.label} data-option={i.key}>
          {i.icon}
          <span className="visually-hidden">{i.label}</span>
        </li>
      ))}
    </ul>
  );
}
