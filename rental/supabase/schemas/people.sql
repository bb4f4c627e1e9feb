-- people: Accounts and roles. A profile follows each auth.users row (triggers on auth.users);
-- is_admin() is THE definition of an administrator every policy asks: the profile's role
-- and, when the account has a verified factor, a session that proved it (aal2), so a
-- stolen password alone opens nothing. A user cannot give himself the admin role
-- (profiles_guard_role).
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

CREATE FUNCTION public.is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION public.is_admin() IS 'the one definition of an administrator: the admin role and, with a verified factor, an aal2 session';

GRANT ALL ON FUNCTION public.is_admin() TO anon;
GRANT ALL ON FUNCTION public.is_admin() TO authenticated;
GRANT ALL ON FUNCTION public.is_admin() TO service_role;

-- ── users ──────────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.profiles (id, email, first_name, last_name)
  values (new.id, new.email,
          nullif(btrim(new.raw_user_meta_data ->> 'first_name'), ''),
          nullif(btrim(new.raw_user_meta_data ->> 'last_name'), ''))
  on conflict (id) do nothing;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.handle_new_user() TO anon;
GRANT ALL ON FUNCTION public.handle_new_user() TO authenticated;
GRANT ALL ON FUNCTION public.handle_new_user() TO service_role;

CREATE FUNCTION public.sync_profile_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.sync_profile_email() TO anon;
GRANT ALL ON FUNCTION public.sync_profile_email() TO authenticated;
GRANT ALL ON FUNCTION public.sync_profile_email() TO service_role;

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION public.handle_new_user();

CREATE TRIGGER on_auth_user_email_changed AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (((old.email)::text IS DISTINCT FROM (new.email)::text)) EXECUTE FUNCTION public.sync_profile_email();

-- ── profiles ───────────────────────────────────────────────────────────────────────────

CREATE TABLE public.profiles (
    id uuid NOT NULL,
    email text,
    first_name text,
    last_name text,
    role text DEFAULT 'user'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT profiles_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'user'::text])))
);

COMMENT ON TABLE public.profiles IS 'one row per account (auth.users): its role decides is_admin()';

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

CREATE INDEX profiles_role_created_at_idx ON public.profiles USING btree (role, created_at DESC);

CREATE INDEX profiles_email_lower_idx ON public.profiles USING btree (lower(email));

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.profiles_guard_role() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

GRANT ALL ON FUNCTION public.profiles_guard_role() TO anon;
GRANT ALL ON FUNCTION public.profiles_guard_role() TO authenticated;
GRANT ALL ON FUNCTION public.profiles_guard_role() TO service_role;

CREATE TRIGGER profiles_guard_role BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.profiles_guard_role();

CREATE TRIGGER profiles_set_updated_at BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY profiles_delete_admin ON public.profiles FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY profiles_insert_admin ON public.profiles FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

CREATE POLICY profiles_select_admin ON public.profiles FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY profiles_select_own ON public.profiles FOR SELECT TO authenticated USING ((id = ( SELECT auth.uid() AS uid)));

CREATE POLICY profiles_update_admin ON public.profiles FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

CREATE POLICY profiles_update_own ON public.profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));

GRANT SELECT,INSERT,DELETE ON TABLE public.profiles TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.profiles TO service_role;

GRANT UPDATE(first_name) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(last_name) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(role) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.profiles TO authenticated;

-- ── admin_settings ─────────────────────────────────────────────────────────────────────

CREATE TABLE private.admin_settings (
    id boolean DEFAULT true NOT NULL,
    mfa_required boolean DEFAULT true NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT admin_settings_id_check CHECK (id)
);

COMMENT ON TABLE private.admin_settings IS 'one row: whether administrators must use a second factor (set at start from the environment)';

ALTER TABLE ONLY private.admin_settings
    ADD CONSTRAINT admin_settings_pkey PRIMARY KEY (id);

GRANT SELECT,UPDATE ON TABLE private.admin_settings TO service_role;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.admin_customers() RETURNS TABLE(customer_key text, name text, email text, phone text, booking_count integer, bookings jsonb, total_paid numeric, last_booked_at timestamp with time zone, last_visit date)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with received as (
    select p.booking_id, sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end) as amount
    from public.payments p
    where (p.kind = 'paypal' and p.status = 'captured') or (p.kind in ('refund', 'counter') and p.status = 'completed')
    group by p.booking_id
  ), rows as (
    select b.id, b.reference, b.status, b.payment_status, b.start_date, b.end_date, b.total_price, b.created_at,
           b.customer_name, b.customer_phone, c.name as car,
           lower(btrim(b.customer_email)) as email_key, public.phone_key(b.customer_phone) as phone_key,
           coalesce(r.amount, 0) as received
    from public.bookings b
    left join received r on r.booking_id = b.id
    left join public.cars c on c.id = b.car_id
    where (select public.is_admin())
  )
  select email_key || ' ' || phone_key,
         (array_agg(customer_name order by created_at desc))[1],
         email_key,
         (array_agg(customer_phone order by created_at desc))[1],
         count(*)::integer,
         jsonb_agg(jsonb_build_object(
           'id', id, 'reference', reference, 'status', status, 'payment_status', payment_status,
           'start_date', start_date, 'end_date', end_date, 'total_price', total_price,
           'received', received, 'car', car, 'created_at', created_at) order by created_at desc),
         sum(received),
         max(created_at),
         max(start_date) filter (where status in ('confirmed', 'in_progress', 'completed')
                                   and start_date <= (now() at time zone 'Africa/Casablanca')::date)
  from rows
  group by email_key, phone_key
  order by max(created_at) desc
$$;

REVOKE ALL ON FUNCTION public.admin_customers() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_customers() TO authenticated;
GRANT ALL ON FUNCTION public.admin_customers() TO service_role;

CREATE FUNCTION public.rental_is_visitor() RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select nullif(current_setting('request.client_ip', true), '') is not null and not public.is_admin()
$$;

REVOKE ALL ON FUNCTION public.rental_is_visitor() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rental_is_visitor() TO service_role;
