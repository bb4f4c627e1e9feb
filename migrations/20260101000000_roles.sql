-- Roles of the Supabase model. Roles are cluster-wide, so this file must be
-- idempotent: several databases of one cluster (tests) each run it.
--   anon, authenticated, service_role: what a request runs as (JWT "role" claim)
--   authenticator: the server's login; NOINHERIT, so it can do nothing until SET ROLE
--   supabase_auth_admin, supabase_storage_admin: what the auth and storage services
--   run as when they touch their own schemas
do $$
declare
  r record;
begin
  for r in select * from (values
      ('anon',                   'nologin noinherit'),
      ('authenticated',          'nologin noinherit'),
      ('service_role',           'nologin noinherit bypassrls'),
      ('authenticator',          'login noinherit'),
      ('supabase_auth_admin',    'nologin noinherit'),
      ('supabase_storage_admin', 'nologin noinherit')
    ) as t(name, attrs)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.attrs);
      exception when duplicate_object or unique_violation then
        null; -- created meanwhile by another database of the cluster
      end;
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role, supabase_auth_admin, supabase_storage_admin to authenticator;

-- PostgREST-style defaults: the API roles may see the public schema; what they may
-- do with each table is granted table by table, and RLS decides which rows.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant usage, select on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;
