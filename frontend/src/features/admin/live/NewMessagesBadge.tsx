import { useQuery } from "@tanstack/react-query";
import { supabase } from "../../../lib/supabase";
import { liveTexts as T } from "./texts";

/** How many messages are still 'new' (kept current by the live feed: its key starts with ["admin", "contacts"]). */
export function NewMessagesBadge() {
  const { data: count } = useQuery({
    queryKey: ["admin", "contacts", "newCount"],
    queryFn: async () => {
      const { count, error } = await supabase.from("contacts").select("id", { count: "exact", head: true }).eq("status", "new");
      if (error) throw error;
      return count ?? 0;
    },
  });
  if (!count) return null;
  return (
    <span className="adm-badge adm-nav-badge" data-testid="new-messages" aria-label={T.newMessages(count)}>
      {count}
    </span>
  );
}
