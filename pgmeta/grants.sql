-- Run by the migrating role each time Studio's API starts: studio_admin's grants on
-- what exists now (migrations/20261207210000_studio_role.sql made the role).
-- The project's schemas (public and every schema that is not the platform's nor
-- PostgreSQL's): use and create in them; every privilege on their tables, views,
-- sequences and functions, but not ownership, so migrated objects keep their shape
-- unless a migration changes it. auth, storage, realtime, supabase_migrations:
-- read-only. supabase_functions (deployed code, secrets) and pgrst: nothing.
do $$
declare
  s text;
begin
  for s in select nspname from pg_namespace
           where nspname not like 'pg\_%' and nspname <> 'information_schema'
             and nspname not in ('auth', 'storage', 'realtime', 'supabase_migrations', 'supabase_functions', 'pgrst', 'extensions')
  loop
    execute format('grant usage, create on schema %I to studio_admin', s);
    execute format('grant all on all tables in schema %I to studio_admin', s);
    execute format('grant all on all sequences in schema %I to studio_admin', s);
    execute format('grant all on all routines in schema %I to studio_admin', s);
  end loop;
  for s in select nspname from pg_namespace where nspname in ('auth', 'storage', 'realtime', 'supabase_migrations')
  loop
    execute format('grant usage on schema %I to studio_admin', s);
    execute format('grant select on all tables in schema %I to studio_admin', s);
  end loop;
  -- Extensions are enabled into the extensions schema (Database > Extensions).
  if exists (select 1 from pg_namespace where nspname = 'extensions') then
    grant usage, create on schema extensions to studio_admin;
  end if;
end
$$;
