import { EmptyState } from "../components/EmptyState";
import { IconUsers } from "../components/icons";
import { PageHeader } from "../components/PageHeader";
import { useAdminTranslation } from "../i18n";

/** SPEC section 2: Clients is a placeholder for now. */
export default function CustomersPage() {
  const { t } = useAdminTranslation();
  return (
    <section className="adm-page">
      <PageHeader title={t("customers.title")} />
      <EmptyState icon={<IconUsers size={32} />}>
        <strong className="adm-block">{t("customers.comingSoon")}</strong>
        {t("customers.comingSoonText")}
      </EmptyState>
    </section>
  );
}
