import { EmptyState } from "../components/EmptyState";
import { IconUsers } from "../components/icons";
import { PageHeader } from "../components/PageHeader";
import { fr } from "../i18n/fr";

/** SPEC section 2: Clients is a placeholder for now. */
export default function CustomersPage() {
  return (
    <section className="adm-page">
      <PageHeader title={fr.customers.title} />
      <EmptyState icon={<IconUsers size={32} />}>
        <strong className="adm-block">{fr.customers.comingSoon}</strong>
        {fr.customers.comingSoonText}
      </EmptyState>
    </section>
  );
}
