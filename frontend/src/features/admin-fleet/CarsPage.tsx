import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatPrice } from "../../lib/format";
import { adminKeys, ConfirmDeleteDialog, IconCar, IconCheck, IconMoney, Loaded, notify, PageHeader, reportFailure, StatCard, StatGrid, useAdminMutation, useAdminQuery, useAdminTranslation, useConfirmDelete, useListCache } from "../admin-kit";
import { deleteCar, listCars, setAvailability } from "./api";
import { CarFormDialog } from "./CarFormDialog";
import { CarsTable } from "./CarsTable";
import type { AdminCar } from "./types";

export default function CarsPage() {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const cache = useListCache();
  const cars = useAdminQuery({ queryKey: adminKeys.cars, queryFn: listCars, errorMessage: t("cars.messages.loadError") });
  const [formTarget, setFormTarget] = useState<AdminCar | "new" | null>(null);
  const del = useConfirmDelete<AdminCar>({
    list: adminKeys.cars,
    table: "cars",
    remove: deleteCar,
    messages: { deleted: t("cars.messages.deleted"), deleteError: t("cars.messages.deleteError") },
  });
  const availability = useAdminMutation({
    mutationFn: (car: AdminCar) => setAvailability(car.id, !car.available),
    onSuccess: (updated) => {
      cache.replace(adminKeys.cars, updated);
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
      void client.invalidateQueries({ queryKey: adminKeys.planning });
      notify.success(t("cars.messages.availabilityUpdated"));
    },
    onError: reportFailure("availability update failed", t("cars.messages.availabilityError")),
  });
  const toggling = availability.isPending ? (availability.variables?.id ?? null) : null;

  const list = cars.data ?? [];
  const available = list.filter((c) => c.available).length;
  const average = list.length ? Math.round(list.reduce((s, c) => s + c.price, 0) / list.length) : 0;

  const toggle = (car: AdminCar) => availability.mutate(car);

  return (
    <section className="adm-page">
      <PageHeader
        title={t("cars.title")}
        subtitle={t("cars.subtitle")}
        add={{ label: t("cars.add"), onClick: () => setFormTarget("new") }}
      />
      <StatGrid>
        <StatCard label={t("cars.statsTotal")} value={list.length} icon={<IconCar />} testId="stat-cars-total" />
        <StatCard label={t("cars.statsAvailable")} value={available} icon={<IconCheck />} tone="green" testId="stat-cars-available" />
        <StatCard label={t("cars.statsAveragePrice")} value={formatPrice(average)} icon={<IconMoney />} tone="amber" />
      </StatGrid>
      <Loaded pending={cars.isPending}>
        <CarsTable cars={list} toggling={toggling} onToggle={toggle} onEdit={setFormTarget} onDelete={del.ask} />
      </Loaded>
      <CarFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDeleteDialog del={del} title={t("cars.confirmDeleteTitle")} message={(c) => t("cars.confirmDelete", { name: c.name })} />
    </section>
  );
}
