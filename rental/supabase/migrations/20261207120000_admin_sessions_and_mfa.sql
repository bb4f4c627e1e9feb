-- Administrators' accounts: an administrator is one only from a live session, and
-- (unless the server relaxes it for local development) only at aal2.

-- The server writes ADMIN_MFA_REQUIRED here at start (rental/adminusers.ApplySettings);
-- a database no server has touched requires the second factor.
create table private.admin_settings (
  id boolean primary key default true check (id),
  mfa_required boolean not null default true,
  updated_at timestamptz not null default now()
);
insert into private.admin_settings default values;
grant select, update on table private.admin_settings to service_role;

-- Replaced for two reasons. (1) A token names its session: once that session is gone
-- (signed out, its refresh token reused, or every session ended when the account's
-- password was set, as promotion to administrator does) the token stops being an
-- administrator's at once instead of at its expiry. A token without session_id can
-- only be minted with the JWT secret. (2) With mfa_required, aal1 is never enough:
-- an administrator without a factor must enrol one first; without it, the old rule
-- (aal2 once a verified factor exists).
create or replace function public.is_admin() returns boolean
  language sql stable security definer
  set search_path to ''
as $$
  with claims as (
    select auth.jwt() ->> 'session_id' as sid, coalesce(auth.jwt() ->> 'aal', '') as aal
  )
  select coalesce((
    select p.role = 'admin'
       and (c.sid is null
            or (c.sid ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                and exists (select 1 from auth.sessions s where s.id = c.sid::uuid and s.user_id = p.id)))
       and (c.aal = 'aal2'
            or (not coalesce((select a.mfa_required from private.admin_settings a), true)
                and not exists (select 1 from auth.mfa_factors f
                                where f.user_id = p.id and f.status = 'verified')))
    from public.profiles p, claims c where p.id = auth.uid()), false)
$$;
