import postgres from "npm:postgres@3";
import pg from "npm:pg@8";

// Connects with SUPABASE_DB_URL, with npm:postgres and npm:pg, and reports who it is
// and what it may do.
async function refusal(sql: postgres.Sql, query: string): Promise<string> {
  try {
    await sql.unsafe(query);
    return "allowed";
  } catch (e) {
    return String((e as Error).message);
  }
}

Deno.serve(async () => {
  const sql = postgres(Deno.env.get("SUPABASE_DB_URL")!, { max: 1, prepare: false });
  try {
    const [me] = await sql`
      select current_user as "user", r.rolsuper as super, r.rolbypassrls as bypassrls, r.rolcreaterole as createrole,
             pg_has_role(current_user, 'pg_execute_server_program', 'member') as "serverProgram",
             pg_has_role(current_user, 'service_role', 'member') as "serviceRole",
             pg_has_role(current_user, 'authenticated', 'member') as authenticated
      from pg_roles r where r.rolname = current_user`;
    const copy = await refusal(sql, "copy (select 1) to program 'id'");
    const createRole = await refusal(sql, "create role casarent_fn_probe");
    const client = new pg.Client({ connectionString: Deno.env.get("SUPABASE_DB_URL") });
    await client.connect();
    const { rows } = await client.query("select current_user as user");
    await client.end();
    return Response.json({ ...me, copy, createRole, pgUser: rows[0].user });
  } finally {
    await sql.end();
  }
});
