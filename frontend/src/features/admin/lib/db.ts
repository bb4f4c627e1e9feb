import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../../../lib/database.types";
import { supabase } from "../../../lib/supabase";

/**
 * The site's one client, typed by the generated schema (lib/database.types.ts):
 * the back office's reads get their row types from it instead of casts. Once
 * lib/supabase.ts is created with createClient<Database> this is that client.
 */
export const db: SupabaseClient<Database> = supabase;
