import { formatPrice } from "../../../lib/format";
import { EmptyState } from "../components/EmptyState";
import { IconCar, IconEdit, IconTrash } from "../components/icons";
import { fr } from "../i18n/fr";
import type { AdminCar } from "./types";

const t = fr.cars;

interface Props {
  cars: AdminCar[];
  toggling: number | null;
  onToggle: (car: AdminCar) => void;
  onEdit: (car: AdminCar) => void;
  onDelete: (car: AdminCar) => void;
}

export function CarsTable({ cars, toggling, onToggle, onEdit, onDelete }: Props) {
  if (cars.length === 0) return <EmptyState icon={<IconCar size={32} />}>{t.empty}</EmptyState>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards" data-testid="cars-table">
        <thead>
          <tr>
            <th scope="col">{t.colImage}</th>
            <th scope="col">{t.colName}</th>
            <th scope="col">{t.colBrand}</th>
            <th scope="col">{t.colPrice}</th>
            <th scope="col">{t.colAvailability}</th>
            <th scope="col" className="adm-table__actions-col">
              {fr.common.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {cars.map((car) => (
            <tr key={car.id} data-testid="car-row" data-car-name={car.name}>
              <td className="adm-table__thumb-cell">
                <img src={car.image} alt="" className="adm-table__thumb" loading="lazy" width={72} height={48} />
              </td>
              <td data-label={t.colName}>
                <strong>{car.name}</strong>
                <span className="adm-muted adm-block">{car.category}</span>
              </td>
              <td data-label={t.colBrand}>{car.brand}</td>
              <td data-label={t.colPrice}>{formatPrice(car.price)}</td>
              <td data-label={t.colAvailability}>
                <button
                  type="button"
                  className={`adm-badge adm-badge--button ${car.available ? "adm-badge--green" : "adm-badge--red"}`}
                  onClick={() => onToggle(car)}
                  disabled={toggling === car.id}
                  aria-pressed={car.available}
                  title={t.toggleHint}
                  data-testid="availability-toggle"
                >
                  {car.available ? t.available : t.unavailable}
                </button>
              </td>
              <td className="adm-table__actions">
                <button type="button" className="adm-icon-btn" onClick={() => onEdit(car)} aria-label={`${fr.common.edit} ${car.name}`}>
                  <IconEdit size={18} />
                </button>
                <button type="button" className="adm-icon-btn adm-icon-btn--danger" onClick={() => onDelete(car)} aria-label={`${fr.common.delete} ${car.name}`}>
                  <IconTrash size={18} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
