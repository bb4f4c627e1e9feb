import { formatDate } from "../../../lib/format";
import { Dialog } from "../components/Dialog";
import { IconTrash } from "../components/icons";
import { fr } from "../i18n/fr";
import { blockDates } from "./labels";
import type { CarBlock, PlanCar } from "./types";

const b = fr.planning.block;

interface Props {
  block: CarBlock | null;
  car: PlanCar | undefined;
  onClose: () => void;
  onDelete: (k: CarBlock) => void;
}

/** A maintenance block: its car, dates and reason; deleting it asks first. */
export function BlockDetailsDialog({ block, car, onClose, onDelete }: Props) {
  return (
    <Dialog
      open={block !== null}
      title={b.title}
      onClose={onClose}
      size="sm"
      footer={
        block && (
          <>
            <button type="button" className="adm-btn adm-btn--danger" onClick={() => onDelete(block)}>
              <IconTrash size={18} /> {b.delete}
            </button>
            <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose}>
              {fr.common.close}
            </button>
          </>
        )
      }
    >
      {block && (
        <dl className="adm-dl" data-testid="block-details">
          <div className="adm-dl__row">
            <dt>{b.car}</dt>
            <dd>{car ? `${car.name} — ${car.brand}` : fr.common.none}</dd>
          </div>
          <div className="adm-dl__row">
            <dt>{b.dates}</dt>
            <dd>{blockDates(block)}</dd>
          </div>
          <div className="adm-dl__row">
            <dt>{b.reason}</dt>
            <dd className="adm-pre">{block.reason}</dd>
          </div>
          <div className="adm-dl__row">
            <dt>{b.createdAt}</dt>
            <dd>{formatDate(block.created_at)}</dd>
          </div>
        </dl>
      )}
    </Dialog>
  );
}
