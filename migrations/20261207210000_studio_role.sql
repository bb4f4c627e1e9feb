-- studio_admin: the role Supabase Studio's database API (/pg, pgmeta/README.md) logs in
-- as. Not a superuser (DATABASE_URL's role, which runs the migrations, is one): LOGIN,
-- BYPASSRLS (Studio's table editor shows every row, as on Supabase) and nothing else.
-- NOINHERIT: it holds only what is granted to it by name; its memberships of anon and
-- authenticated only let Studio's "run as role" switch to them (SET ROLE), where
-- row-level security decides as for an API call. Never a member of service_role (it may
-- write the platform's storage and functions tables), of the services' roles, of the
-- pg_*_server_* roles, nor of any superuser (SET ROLE to it would be one).
--
-- What it may do is granted when Studio's API starts (pgmeta/grants.sql, run by the
-- migrating role, so that objects made since are covered): everything but ownership on
-- the project's schemas; read-only on auth, storage, realtime and supabase_migrations;
-- nothing on supabase_functions and pgrst. Here: the role and what never changes.
--
-- Roles are cluster-wide and several databases of one cluster run this file (tests), so
-- each step is done only where missing, and a race lost to another database is ignored.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'studio_admin') then
    begin
      create role studio_admin login noinherit nosuperuser nocreaterole nocreatedb noreplication bypassrls;
    exception when duplicate_object or unique_violation then
      null;
    end;
  end if;
end
$$;

-- A role of that name made by hand earlier gets exactly these attributes.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'studio_admin'
             and (rolsuper or rolcreaterole or rolcreatedb or rolreplication or not rolbypassrls or rolinherit or not rolcanlogin)) then
    begin
      alter role studio_admin login noinherit nosuperuser nocreaterole nocreatedb noreplication bypassrls;
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
    if not pg_has_role('studio_admin', r, 'member') then
      begin
        execute format('grant %I to studio_admin', r);
      exception when internal_error or unique_violation then
        null;
      end;
    end if;
  end loop;
  -- Every other membership: the API's privileged roles, the services' and the
  -- superusers (all of them, whatever their names).
  for r in select g.rolname from pg_auth_members m join pg_roles g on g.oid = m.roleid join pg_roles u on u.oid = m.member
           where u.rolname = 'studio_admin' and g.rolname not in ('anon', 'authenticated')
  loop
    begin
      execute format('revoke %I from studio_admin', r);
    exception when internal_error or unique_violation then
      null;
    end;
  end loop;
end
$$;

-- Studio makes schemas (Database > Schemas); what it makes it owns.
do $$
begin
  execute format('grant create on database %I to studio_admin', current_database());
end
$$;

-- Tables, sequences and functions Studio makes in public answer the API as the
-- migrating role's do (20261207130000_supabase_defaults.sql).
alter default privileges for role studio_admin in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role studio_admin in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role studio_admin in schema public grant all on functions to anon, authenticated, service_role;
