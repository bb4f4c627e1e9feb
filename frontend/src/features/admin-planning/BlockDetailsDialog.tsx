import { formatDate } from "../../lib/format";
import { DetailRow, DetailsFooter, Dialog, useAdminTranslation } from "../admin-kit";
import { blockDates } from "./labels";
import type { CarBlock, PlanCar } from "./types";

interface Props {
  block: CarBlock | null;
  car: PlanCar | undefined;
  onClose: () => void;
  onDelete: (k: CarBlock) => void;
}

/** A maintenance block: its car, dates and reason; deleting it asks first. */
export function BlockDetailsDialog({ block, car, onClose, onDelete }: Props) {
  const { t } = useAdminTranslation();
  return (
    <Dialog
      open={block !== null}
      title={t("planning.block.title")}
      onClose={onClose}
      size="sm"
      footer={
        block && <DetailsFooter onClose={onClose} onDelete={() => onDelete(block)} deleteLabel={t("planning.block.delete")} />
      }
    >
      {block && (
        <dl className="adm-dl" data-testid="block-details">
          <DetailRow label={t("planning.block.car")}>{car ? `${car.name} — ${car.brand}` : null}</DetailRow>
          <DetailRow label={t("planning.block.dates")}>{blockDates(block)}</DetailRow>
          <DetailRow label={t("planning.block.reason")} valueClass="adm-pre">
            {block.reason}
          </DetailRow>
          <DetailRow label={t("planning.block.createdAt")}>{formatDate(block.created_at)}</DetailRow>
        </dl>
      )}
    </Dialog>
  );
}
