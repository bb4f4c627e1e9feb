-- The functions' deployments live in a schema of the platform's own,
-- supabase_functions, not in private: a project may want private for itself
-- (Supabase's guides put security-definer helpers there, `create schema private`),
-- and a bare project should find nothing of ours in it. A database made before
-- moves its tables here; the two functions that deploy and roll back are defined
-- here, once, for every database.
do $$
begin
  if to_regclass('private.function_versions') is not null then
    create schema if not exists supabase_functions;
    grant usage on schema supabase_functions to service_role;
    alter table private.function_versions set schema supabase_functions;
    alter table private.function_active set schema supabase_functions;
    alter table private.function_secrets set schema supabase_functions;
    drop function if exists private.deploy_function(text, bytea, boolean);
    drop function if exists private.rollback_function(text);
  end if;
end
$$;

-- Stores a bundle as the next version of its function and makes it the one served.
create or replace function supabase_functions.deploy_function(p_name text, p_bundle bytea, p_verify_jwt boolean) returns integer
language plpgsql
set search_path to ''
as $$
declare
  v integer;
begin
  -- Two deploys of one name at once get consecutive versions.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('function_versions:' || p_name));
  select coalesce(max(version), 0) + 1 into v from supabase_functions.function_versions where name = p_name;
  insert into supabase_functions.function_versions (name, version, bundle, verify_jwt) values (p_name, v, p_bundle, p_verify_jwt);
  insert into supabase_functions.function_active (name, version) values (p_name, v)
    on conflict (name) do update set version = excluded.version, changed_at = now();
  return v;
end;
$$;

-- Serves the version before the one served again (P0002 when there is none).
create or replace function supabase_functions.rollback_function(p_name text) returns integer
language plpgsql
set search_path to ''
as $$
declare
  cur integer;
  prev integer;
begin
  select version into cur from supabase_functions.function_active where name = p_name for update;
  if cur is null then
    raise exception 'function % is not deployed', p_name using errcode = 'P0002';
  end if;
  select max(version) into prev from supabase_functions.function_versions where name = p_name and version < cur;
  if prev is null then
    raise exception 'function % has no version before %', p_name, cur using errcode = 'P0002';
  end if;
  update supabase_functions.function_active set version = prev, changed_at = now() where name = p_name;
  return prev;
end;
$$;

revoke all on function supabase_functions.deploy_function(text, bytea, boolean), supabase_functions.rollback_function(text) from public;
grant execute on function supabase_functions.deploy_function(text, bytea, boolean), supabase_functions.rollback_function(text) to service_role;
