import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ManageLink } from "./ManageLink";
import { OrderReceipt } from "./OrderReceipt";
import type { Order } from "./receipt";
import { HomeButton, StatusPage } from "./StatusPage";

/** After the WhatsApp confirmation: the request is stored as pending; its reference and what was ordered. */
export function SentView({ order, title, text }: { order: Order | null; title?: ReactNode; text?: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage ok narrow testId="booking-sent" title={title ?? t("booking.sentTitle")} lead={text ?? t("booking.sentText")}>
      {order && <OrderReceipt order={order} />}
      {order?.reference && <ManageLink />}
      <div className="hero-actions center">
        <HomeButton />
      </div>
    </StatusPage>
  );
}
