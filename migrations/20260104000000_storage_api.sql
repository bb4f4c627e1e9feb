-- What /storage/v1 needs beyond the storage schema: timestamps kept by
-- triggers, the orphan ledger for byte deletes that failed, and
-- storage.search, the one-level listing storage-js list() shows.

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
create trigger update_buckets_updated_at before update on storage.buckets
  for each row execute function storage.update_updated_at_column();

-- Bytes whose row is gone but whose delete failed (backend down, permission
-- error...). The service retries them; an upload of the same name removes the
-- record in its own transaction so the retry never deletes new bytes.
create table storage.orphans (
  bucket_id text not null,
  name text not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  primary key (bucket_id, name)
);
alter table storage.orphans enable row level security;
revoke all on storage.orphans from anon, authenticated;
grant select, insert, update, delete on storage.orphans to service_role, supabase_storage_admin;

-- storage.search lists one level of a bucket below prefix, as storage-api's
-- function of the same name: objects directly under prefix, and one entry per
-- sub-folder (id, timestamps and metadata null). It runs as the caller
-- (security invoker), so RLS on storage.objects decides what is listed.
--   prefix      folder to list, '' for the root ('a/b' and 'a/b/' are the same)
--   search      keep entries whose name starts with it (case-insensitive)
--   sortcolumn  name | updated_at | created_at | last_accessed_at
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits integer default 100,
  levels integer default 1,
  offsets integer default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql
stable
security invoker
as $$
declare
  p text := coalesce(prefix, '');
  col text := lower(coalesce(sortcolumn, 'name'));
  dir text := lower(coalesce(sortorder, 'asc'));
begin
  if p <> '' and right(p, 1) <> '/' then
    p := p || '/';
  end if;
  if col not in ('name', 'updated_at', 'created_at', 'last_accessed_at') then
    col := 'name';
  end if;
  if dir not in ('asc', 'desc') then
    dir := 'asc';
  end if;
  return query execute format($q$
    with level as (
      select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             substr(o.name, length($1) + 1) as rest
      from storage.objects o
      where o.bucket_id = $2 and starts_with(o.name, $1)
    ),
    entries as (
      select distinct on (split_part(l.rest, '/', 1))
             split_part(l.rest, '/', 1) as name,
             null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata
      from level l
      where position('/' in l.rest) > 0
      union all
      select l.rest, l.id, l.updated_at, l.created_at, l.last_accessed_at, l.metadata
      from level l
      where position('/' in l.rest) = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    where e.name <> '' and lower(e.name) like lower(replace(replace(replace($3, '\', '\\'), '%%', '\%%'), '_', '\_')) || '%%'
    order by e.%I %s, e.name asc
    limit $4 offset $5
  $q$, col, dir)
  using p, bucketname, coalesce(search, ''), coalesce(limits, 100), coalesce(offsets, 0);
end
$$;

grant execute on function storage.search(text, text, integer, integer, integer, text, text, text)
  to anon, authenticated, service_role;

-- Whether a bucket holds objects, whoever asks (a bucket delete must count
-- the objects the caller cannot see).
create or replace function storage.bucket_has_objects(bucket text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select exists (select 1 from storage.objects where bucket_id = bucket) $$;
grant execute on function storage.bucket_has_objects(text) to anon, authenticated, service_role;
