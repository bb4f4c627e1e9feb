import { supabase } from "../../../lib/supabase";

/**
 * The site's one client, created with createClient<Database> (lib/database.ts: the
 * generated schema plus what the catalogue cannot say): the back office's reads get
 * their row types from it instead of casts.
 */
export const db = supabase;
