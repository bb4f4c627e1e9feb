-- profiles: one row per auth user, holding the role that makes an administrator.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  first_name text,
  last_name text,
  role text not null default 'user' check (role in ('admin', 'user')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index profiles_role_created_at_idx on public.profiles (role, created_at desc);
create index profiles_email_lower_idx on public.profiles (lower(email));

create trigger profiles_set_updated_at before insert or update on public.profiles
  for each row execute function public.set_updated_at();

-- The one definition of "administrator". SECURITY DEFINER so that policies on
-- profiles itself can call it without recursing into profiles' own RLS.
create function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select p.role = 'admin' from public.profiles p where p.id = auth.uid()), false)
$$;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- A new auth user gets a profile with role 'user'. Names come from the sign-up
-- metadata; a "role" in that metadata is ignored (anyone can send metadata).
create function public.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, first_name, last_name)
  values (new.id, new.email,
          nullif(btrim(new.raw_user_meta_data ->> 'first_name'), ''),
          nullif(btrim(new.raw_user_meta_data ->> 'last_name'), ''))
  on conflict (id) do nothing;
  return new;
end
$$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- The profile's email follows the account's (email change confirmed by the auth service).
create function public.sync_profile_email() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.sync_profile_email();

-- Nobody but an administrator changes a role (or creates a profile with role
-- 'admin'). service_role (the server's admin-management function) and the table
-- owner (migrations, seeding, a superuser) may too. SECURITY INVOKER on purpose:
-- current_user must be the caller.
create function public.profiles_guard_role() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' and new.role = 'user')
     or (tg_op = 'UPDATE' and new.role is not distinct from old.role) then
    return new;
  end if;
  if current_user = 'service_role'
     or pg_catalog.pg_has_role(current_user,
          (select c.relowner from pg_catalog.pg_class c where c.oid = tg_relid), 'MEMBER')
     or public.is_admin() then
    return new;
  end if;
  raise exception 'only an administrator can change a role'
    using errcode = '42501';
end
$$;
create trigger profiles_guard_role before insert or update on public.profiles
  for each row execute function public.profiles_guard_role();

-- Permissions: anon none; a signed-in user reads their own profile and edits their
-- names; an administrator everything (email and id follow auth.users, so no API
-- role updates them; service_role may).
alter table public.profiles enable row level security;
grant select, insert, delete on public.profiles to authenticated;
grant update (first_name, last_name, role, updated_at) on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;

create policy profiles_select_own on public.profiles for select to authenticated
  using (id = (select auth.uid()));
create policy profiles_select_admin on public.profiles for select to authenticated
  using ((select public.is_admin()));
create policy profiles_insert_admin on public.profiles for insert to authenticated
  with check ((select public.is_admin()));
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));
create policy profiles_update_admin on public.profiles for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy profiles_delete_admin on public.profiles for delete to authenticated
  using ((select public.is_admin()));
