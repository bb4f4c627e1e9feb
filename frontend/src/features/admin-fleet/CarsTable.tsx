import { formatPrice } from "../../lib/format";
import { DataTable, EditDeleteButtons, EmptyState, IconCar, LanguageBadges, useAdminTranslation } from "../admin-kit";
import { carToForm, carTranslationState } from "./carForm";
import type { AdminCar } from "./types";

interface Props {
  cars: AdminCar[];
  toggling: number | null;
  onToggle: (car: AdminCar) => void;
  onEdit: (car: AdminCar) => void;
  onDelete: (car: AdminCar) => void;
}

export function CarsTable({ cars, toggling, onToggle, onEdit, onDelete }: Props) {
  const { t } = useAdminTranslation();
  return (
    <DataTable
      rows={cars}
      empty={<EmptyState icon={<IconCar size={32} />}>{t("cars.empty")}</EmptyState>}
      testId="cars-table"
      columns={[t("cars.colImage"), t("cars.colName"), t("cars.colBrand"), t("cars.colPrice"), t("cars.colAvailability")]}
      renderRow={(car) => (
        <tr key={car.id} data-testid="car-row" data-car-name={car.name}>
          <td className="adm-table__thumb-cell">
            <img src={car.image} alt="" className="adm-table__thumb" loading="lazy" width={72} height={48} />
          </td>
          <td data-label={t("cars.colName")}>
            <strong>{car.name}</strong>
            <span className="adm-muted adm-block">{car.category}</span>
            <LanguageBadges states={{ en: carTranslationState(carToForm(car), "en"), ar: carTranslationState(carToForm(car), "ar") }} />
          </td>
          <td data-label={t("cars.colBrand")}>{car.brand}</td>
          <td data-label={t("cars.colPrice")}>{formatPrice(car.price)}</td>
          <td data-label={t("cars.colAvailability")}>
            <button
              type="button"
              className={`adm-badge adm-badge--button ${car.available ? "adm-badge--green" : "adm-badge--red"}`}
              onClick={() => onToggle(car)}
              disabled={toggling === car.id}
              aria-pressed={car.available}
              title={t("cars.toggleHint")}
              data-testid="availability-toggle"
            >
              {car.available ? t("cars.available") : t("cars.unavailable")}
            </button>
          </td>
          <td className="adm-table__actions">
            <EditDeleteButtons name={car.name} onEdit={() => onEdit(car)} onDelete={() => onDelete(car)} />
          </td>
        </tr>
      )}
    />
  );
}
