import { adminKeys, useAdminTranslation } from "../admin-kit";
import { countNewMessages } from "./api";
import { CountBadge } from "./CountBadge";

/** How many messages are still 'new'; under the messages key, so a change to contacts (a read, the live feed) refreshes it. */
export function NewMessagesBadge() {
  const { t } = useAdminTranslation();
  return <CountBadge queryKey={[...adminKeys.messages, "newCount"]} count={countNewMessages} testId="new-messages" label={(count) => t("live.newMessages", { count })} />;
}
