import { useQuery } from "@tanstack/react-query";
import { adminKeys, db, useAdminTranslation } from "../admin-kit";

/** How many messages are still 'new'; under the messages key, so a change to contacts (a read, the live feed) refreshes it. */
export function NewMessagesBadge() {
  const { t } = useAdminTranslation();
  const { data: count } = useQuery({
    queryKey: [...adminKeys.messages, "newCount"],
    queryFn: async () => {
      const { count, error } = await db.from("contacts").select("id", { count: "exact", head: true }).eq("status", "new");
      if (error) throw error;
      return count ?? 0;
    },
  });
  if (!count) return null;
  return (
    <span className="adm-badge adm-nav-badge" data-testid="new-messages" aria-label={t("live.newMessages", { count })}>
      {count}
    </span>
  );
}
