import { formatDate } from "../../../lib/format";
import { Dialog } from "../components/Dialog";
import { IconTrash } from "../components/icons";
import { useAdminTranslation } from "../i18n";
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
        block && (
          <>
            <button type="button" className="adm-btn adm-btn--danger" onClick={() => onDelete(block)}>
              <IconTrash size={18} /> {t("planning.block.delete")}
            </button>
            <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose}>
              {t("common.close")}
            </button>
          </>
        )
      }
    >
      {block && (
        <dl className="adm-dl" data-testid="block-details">
          <div className="adm-dl__row">
            <dt>{t("planning.block.car")}</dt>
            <dd>{car ? `${car.name} — ${car.brand}` : t("common.none")}</dd>
          </div>
          <div className="adm-dl__row">
            <dt>{t("planning.block.dates")}</dt>
            <dd>{blockDates(block)}</dd>
          </div>
          <div className="adm-dl__row">
            <dt>{t("planning.block.reason")}</dt>
            <dd className="adm-pre">{block.reason}</dd>
          </div>
          <div className="adm-dl__row">
            <dt>{t("planning.block.createdAt")}</dt>
            <dd>{formatDate(block.created_at)}</dd>
          </div>
        </dl>
      )}
    </Dialog>
  );
}
