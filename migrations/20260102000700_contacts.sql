-- Contact messages: anyone sends one (status new); administrators read, move it
-- along new -> read -> replied -> archived, and delete it.
create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  email text not null check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  phone text,
  subject text not null check (btrim(subject) <> ''),
  message text not null check (btrim(message) <> ''),
  status text not null default 'new' check (status in ('new', 'read', 'replied', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contacts_status_created_at_idx on public.contacts (status, created_at desc);
create index contacts_created_at_idx on public.contacts (created_at desc);

create trigger contacts_set_updated_at before insert or update on public.contacts
  for each row execute function public.set_updated_at();

-- SPEC section 4: new -> read; new or read -> replied; any -> archived; nothing
-- returns to new. I.e. the status only moves forward along
-- new < read < replied < archived. Applies to every role.
create function public.contacts_status_flow() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  rank_old integer;
  rank_new integer;
begin
  if tg_op = 'INSERT' then
    new.status := coalesce(new.status, 'new');
    new.phone := nullif(btrim(new.phone), '');
    return new;
  end if;
  new.status := coalesce(new.status, old.status);
  rank_old := array_position(array['new', 'read', 'replied', 'archived'], old.status);
  rank_new := array_position(array['new', 'read', 'replied', 'archived'], new.status);
  if rank_new < rank_old then
    raise exception 'a contact message cannot go back from % to %', old.status, new.status
      using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger contacts_status_flow before insert or update of status on public.contacts
  for each row execute function public.contacts_status_flow();

alter table public.contacts enable row level security;
grant insert (name, email, phone, subject, message, status) on public.contacts to anon, authenticated;
grant select, delete on public.contacts to authenticated;
grant update (status, updated_at) on public.contacts to authenticated;
grant select, insert, update, delete on public.contacts to service_role;

create policy contacts_insert_public on public.contacts for insert to anon, authenticated
  with check (status = 'new');
create policy contacts_select_admin on public.contacts for select to authenticated
  using ((select public.is_admin()));
create policy contacts_update_admin on public.contacts for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy contacts_delete_admin on public.contacts for delete to authenticated
  using ((select public.is_admin()));
