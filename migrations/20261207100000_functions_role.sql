-- functions_db: the role the TypeScript functions' SUPABASE_DB_URL logs in as. Before, that
-- URL was DATABASE_URL, a superuser: function code could run `COPY … TO PROGRAM` as the
-- database's system user. This role has no attribute beyond LOGIN and is a member of anon
-- and authenticated only (INHERIT: their grants apply, row-level security decides), never
-- of service_role (BYPASSRLS) nor of the pg_*_server_* roles. A function that must see
-- every row uses SUPABASE_SERVICE_ROLE_KEY through the API, as on Supabase. The server sets
-- its password at start (FUNCTIONS_DB_PASSWORD), as it does for authenticator.
--
-- Roles are cluster-wide and several databases of one cluster (tests) run this file, so
-- each step is done only where missing, and a race lost to another database is ignored
-- (the same value was written).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'functions_db') then
    begin
      create role functions_db login inherit nosuperuser nocreaterole nocreatedb noreplication nobypassrls;
    exception when duplicate_object or unique_violation then
      null;
    end;
  end if;
end
$$;

-- A role of that name made by hand earlier gets exactly these attributes.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'functions_db'
             and (rolsuper or rolcreaterole or rolcreatedb or rolreplication or rolbypassrls or not rolinherit or not rolcanlogin)) then
    begin
      alter role functions_db login inherit nosuperuser nocreaterole nocreatedb noreplication nobypassrls;
    exception when internal_error or unique_violation then
      null;
    end;
  end if;
end
$$;

do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated']
  loop
    if not pg_has_role('functions_db', r, 'member') then
      begin
        execute format('grant %I to functions_db', r);
      exception when internal_error or unique_violation then
        null;
      end;
    end if;
  end loop;
  -- Memberships that would give it more than the API roles have.
  foreach r in array array['service_role', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin',
                           'pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files']
  loop
    if exists (select 1 from pg_auth_members m join pg_roles g on g.oid = m.roleid join pg_roles u on u.oid = m.member
               where g.rolname = r and u.rolname = 'functions_db') then
      begin
        execute format('revoke %I from functions_db', r);
      exception when internal_error or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;
