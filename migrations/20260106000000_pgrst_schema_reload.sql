-- What /rest/v1 (package postgrest) needs in the database.

-- The server prepares each request's statement as authenticator before SET ROLE
-- (one pgx batch), and parse analysis needs USAGE on every schema it names.
grant usage on schema public to authenticator;

-- pgrst.raise_error lets a statement abort its own transaction with a PostgREST
-- error (max-affected, singular responses on writes): SQLSTATE 'PGRST' with the
-- JSON body in MESSAGE and the HTTP status in DETAIL, the documented format of
-- RAISE SQLSTATE 'PGRST'.
create schema if not exists pgrst;
grant usage on schema pgrst to authenticator, anon, authenticated, service_role;

create or replace function pgrst.raise_error(status int, code text, message text, details text)
returns text
language plpgsql
volatile
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', code, 'message', message, 'details', details, 'hint', null)::text,
    detail = json_build_object('status', status)::text;
end
$$;
revoke all on function pgrst.raise_error(int, text, text, text) from public;
grant execute on function pgrst.raise_error(int, text, text, text) to authenticator, anon, authenticated, service_role;

-- Reload the REST schema cache after DDL, as Supabase's pgrst_ddl_watch and
-- pgrst_drop_watch event triggers do: the server LISTENs on channel pgrst.
create or replace function pgrst.ddl_watch()
returns event_trigger
language plpgsql
as $$
declare
  cmd record;
begin
  for cmd in select * from pg_event_trigger_ddl_commands() loop
    if cmd.command_tag in (
        'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
        'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW',
        'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION',
        'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT', 'GRANT', 'REVOKE')
       and cmd.schema_name is distinct from 'pg_temp' then
      perform pg_notify('pgrst', 'reload schema');
      return;
    end if;
  end loop;
end
$$;

create or replace function pgrst.drop_watch()
returns event_trigger
language plpgsql
as $$
declare
  obj record;
begin
  for obj in select * from pg_event_trigger_dropped_objects() loop
    if obj.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function',
                           'trigger', 'type', 'rule', 'table column')
       and not obj.is_temporary then
      perform pg_notify('pgrst', 'reload schema');
      return;
    end if;
  end loop;
end
$$;

drop event trigger if exists pgrst_ddl_watch;
create event trigger pgrst_ddl_watch on ddl_command_end execute function pgrst.ddl_watch();

drop event trigger if exists pgrst_drop_watch;
create event trigger pgrst_drop_watch on sql_drop execute function pgrst.drop_watch();
