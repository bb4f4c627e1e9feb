-- Functions deployed over HTTP (`server functions deploy`): each upload is a new
-- version of a bundled module (dependencies included); one version per name is
-- active, and every replica serves it (functions/README.md). Service role only.
create table private.function_versions (
  name text not null check (name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$'),
  version integer not null check (version > 0),
  bundle bytea not null check (octet_length(bundle) > 0),
  -- names the bundle on the replicas' disks: a version number alone may come back
  -- with other content (another database, a restored one)
  digest text generated always as (encode(sha256(bundle), 'hex')) stored,
  verify_jwt boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (name, version)
);

create table private.function_active (
  name text primary key,
  version integer not null,
  changed_at timestamptz not null default now(),
  foreign key (name, version) references private.function_versions (name, version)
);

-- deploy_function stores a new version and makes it the active one.
create function private.deploy_function(p_name text, p_bundle bytea, p_verify_jwt boolean)
returns integer language plpgsql set search_path = '' as $$
declare
  v integer;
begin
  -- Two deploys of one name at once get consecutive versions.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('function_versions:' || p_name));
  select coalesce(max(version), 0) + 1 into v from private.function_versions where name = p_name;
  insert into private.function_versions (name, version, bundle, verify_jwt) values (p_name, v, p_bundle, p_verify_jwt);
  insert into private.function_active (name, version) values (p_name, v)
    on conflict (name) do update set version = excluded.version, changed_at = now();
  return v;
end;
$$;

-- rollback_function makes the version before the active one active again.
create function private.rollback_function(p_name text)
returns integer language plpgsql set search_path = '' as $$
declare
  cur integer;
  prev integer;
begin
  select version into cur from private.function_active where name = p_name for update;
  if cur is null then
    raise exception 'function % is not deployed', p_name using errcode = 'P0002';
  end if;
  select max(version) into prev from private.function_versions where name = p_name and version < cur;
  if prev is null then
    raise exception 'function % has no version before %', p_name, cur using errcode = 'P0002';
  end if;
  update private.function_active set version = prev, changed_at = now() where name = p_name;
  return prev;
end;
$$;

revoke all on private.function_versions, private.function_active from public;
revoke all on function private.deploy_function(text, bytea, boolean), private.rollback_function(text) from public;
grant select on private.function_versions, private.function_active to service_role;
grant insert on private.function_versions to service_role;
grant insert, update on private.function_active to service_role;
grant execute on function private.deploy_function(text, bytea, boolean), private.rollback_function(text) to service_role;
