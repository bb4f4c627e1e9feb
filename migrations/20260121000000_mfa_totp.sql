-- TOTP multi-factor authentication: GoTrue's tables for
-- factors and their challenges, and administrators who enrolled a factor must
-- be at aal2 to be administrators.

-- One authenticator of a user. secret holds the TOTP seed sealed with a key
-- derived from JWT_SECRET (AES-GCM, the factor id as associated data): a copy
-- of the database alone gives no working authenticator.
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
-- GoTrue's: a user's factors have distinct names (unnamed ones excepted).
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

-- A challenge is answered once, from the address that asked for it.
create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);
create index if not exists mfa_challenges_created_at_idx on auth.mfa_challenges (created_at desc);

grant all on auth.mfa_factors, auth.mfa_challenges to supabase_auth_admin;

-- A session's aal2 names the factor that raised it (GoTrue's sessions.factor_id).
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'sessions_factor_id_fkey') then
    alter table auth.sessions add constraint sessions_factor_id_fkey
      foreign key (factor_id) references auth.mfa_factors (id) on delete set null;
  end if;
end
$$;

-- The one definition of "administrator", now with a second factor: an
-- administrator who enrolled (and verified) a TOTP factor is one only in a
-- session that proved it (aal2 in the JWT). A stolen password alone (aal1)
-- then opens nothing that is_admin() guards. Same signature, volatility,
-- SECURITY DEFINER and search_path as before, so every policy keeps working.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select p.role = 'admin'
       and (coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
            or not exists (select 1 from auth.mfa_factors f
                           where f.user_id = p.id and f.status = 'verified'))
    from public.profiles p where p.id = auth.uid()), false)
$$;
grant execute on function public.is_admin() to anon, authenticated, service_role;
