import { useQuery } from "@tanstack/react-query";
import { adminKeys, useAdminTranslation } from "../admin-kit";
import { countNewMessages } from "./api";

/** How many messages are still 'new'; under the messages key, so a change to contacts (a read, the live feed) refreshes it. */
export function NewMessagesBadge() {
  const { t } = useAdminTranslation();
  const { data: count } = useQuery({
    queryKey: [...adminKeys.messages, "newCount"],
    queryFn: countNewMessages,
  });
  if (!count) return null;
  return (
    <span className="adm-badge adm-nav-badge" data-testid="new-messages" aria-label={t("live.newMessages", { count })}>
      {count}
    </span>
  );
}
