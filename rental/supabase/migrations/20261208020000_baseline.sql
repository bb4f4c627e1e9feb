-- The rental's baseline: the schema files of rental/supabase/schemas, in config.toml's
-- schema_paths order, as they stood when the migrations before this version were
-- squashed into it (2026-12-08; the last commit with all of them is f86747d). A
-- database that applied those migrations has this version in its history and skips
-- this file; a new one runs it. Read and change the schema in the schema files
-- (docs/schema.md): this file is history, as every migration is.
--
-- The schema files state every object's grants in full. Supabase's default grants on
-- new objects in public (the platform gives anon, authenticated and service_role all
-- privileges on them) would add to those, so they are suspended while this file runs
-- and given back at its end.

SET LOCAL statement_timeout = 0;
SET LOCAL lock_timeout = 0;
SET LOCAL idle_in_transaction_session_timeout = 0;
SET LOCAL client_min_messages = warning;
SET LOCAL row_security = off;

alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;


-- ════ schemas/foundations.sql ════

-- foundations: The helpers every area uses, and the private schema (not exposed by the API)
-- that holds what no client may read. set_updated_at keeps created_at/updated_at honest
-- whatever a client sends; slugify and translations_valid give cars and posts one slug
-- and translation shape; the write limits (write_limits, write_buckets, take_write_token,
-- limit_public_writes) cap what one address may send to the public site per window, so a
-- script cannot fill the fleet with holds or the inbox with messages (PT429, HTTP 429).
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

CREATE SCHEMA private;

CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA extensions;

COMMENT ON EXTENSION btree_gist IS 'support for indexing common datatypes in GiST';


SET default_tablespace = '';

SET default_table_access_method = heap;

GRANT USAGE ON SCHEMA private TO service_role;

-- ── write_limits ───────────────────────────────────────────────────────────────────────

CREATE TABLE private.write_limits (
    kind text NOT NULL,
    max_burst integer NOT NULL,
    per interval NOT NULL,
    CONSTRAINT write_limits_max_burst_check CHECK ((max_burst > 0)),
    CONSTRAINT write_limits_per_check CHECK ((per > '00:00:00'::interval))
);

COMMENT ON TABLE private.write_limits IS 'per-address write limits of the public site (burst and refill period per kind)';

ALTER TABLE ONLY private.write_limits
    ADD CONSTRAINT write_limits_pkey PRIMARY KEY (kind);

-- ── write_buckets ──────────────────────────────────────────────────────────────────────

CREATE TABLE private.write_buckets (
    key text NOT NULL,
    tokens double precision NOT NULL,
    updated_at timestamp with time zone NOT NULL
);

COMMENT ON TABLE private.write_buckets IS 'token buckets of the write limits, keyed kind:address';

ALTER TABLE ONLY private.write_buckets
    ADD CONSTRAINT write_buckets_pkey PRIMARY KEY (key);

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION private.email_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select regexp_replace(lower(btrim(coalesce(p, ''))), '\+[^@]*@', '@')
$$;

CREATE FUNCTION public.is_e164(p text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
  select coalesce(p ~ '^\+[1-9][0-9]{6,14}$', false)
$_$;

GRANT ALL ON FUNCTION public.is_e164(p text) TO anon;
GRANT ALL ON FUNCTION public.is_e164(p text) TO authenticated;
GRANT ALL ON FUNCTION public.is_e164(p text) TO service_role;

CREATE FUNCTION private.limit_public_writes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.role() in ('anon', 'authenticated') and not public.is_admin() then
    perform private.take_write_token(tg_table_name);
  end if;
  return new;
end;
$$;

REVOKE ALL ON FUNCTION private.limit_public_writes() FROM PUBLIC;

CREATE FUNCTION private.phone_as_e164(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select case
    when d ~ '^\+[1-9][0-9]{6,14}$' then d
    when d ~ '^00[1-9][0-9]{6,14}$' then '+' || substr(d, 3)
    when d ~ '^0[5-7][0-9]{8}$' then '+212' || substr(d, 2)
    when d ~ '^212[5-7][0-9]{8}$' then '+' || d
    else p
  end
  from (select regexp_replace(coalesce(p, ''), '[\s.()/-]', '', 'g') as d) s
$_$;

CREATE FUNCTION private.phone_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select public.phone_key(p)
$$;

CREATE FUNCTION public.phone_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case
    when d like '212%' and length(d) >= 11 then substr(d, 4)
    when d like '0%' then substr(d, 2)
    else d
  end
  from (select regexp_replace(regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g'), '^00', '') as d) s
$$;

GRANT ALL ON FUNCTION public.phone_key(p text) TO anon;
GRANT ALL ON FUNCTION public.phone_key(p text) TO authenticated;
GRANT ALL ON FUNCTION public.phone_key(p text) TO service_role;

CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    new.created_at := coalesce(new.created_at, now());
    new.updated_at := new.created_at;
  else
    new.created_at := old.created_at;
    new.updated_at := now();
  end if;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.set_updated_at() TO anon;
GRANT ALL ON FUNCTION public.set_updated_at() TO authenticated;
GRANT ALL ON FUNCTION public.set_updated_at() TO service_role;

CREATE FUNCTION public.slugify(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.btrim(
    pg_catalog.regexp_replace(
      pg_catalog.translate(
        pg_catalog.replace(pg_catalog.replace(pg_catalog.lower(coalesce(value, '')), 'œ', 'oe'), 'æ', 'ae'),
        'àáâãäåāçćčèéêëēėęìíîïīłñńòóôõöøōùúûüūýÿžźż',
        'aaaaaaaccceeeeeeeiiiiilnnooooooouuuuuyyzzz'),
      '[^a-z0-9]+', '-', 'g'),
    '-')
$$;

GRANT ALL ON FUNCTION public.slugify(value text) TO anon;
GRANT ALL ON FUNCTION public.slugify(value text) TO authenticated;
GRANT ALL ON FUNCTION public.slugify(value text) TO service_role;

CREATE FUNCTION private.take_write_token(p_kind text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ip text := nullif(current_setting('request.client_ip', true), '');
  v_limit private.write_limits;
  v_tokens double precision;
begin
  if v_ip is null then
    return;
  end if;
  select * into v_limit from private.write_limits where kind = p_kind;
  if not found then
    return;
  end if;
  insert into private.write_buckets as b (key, tokens, updated_at)
  values (p_kind || ':' || v_ip, v_limit.max_burst - 1, now())
  on conflict (key) do update set
    tokens = least(v_limit.max_burst::double precision,
                   b.tokens + greatest(0, extract(epoch from now() - b.updated_at))
                              * v_limit.max_burst / extract(epoch from v_limit.per)) - 1,
    updated_at = greatest(b.updated_at, now())
  returning tokens into v_tokens;
  if v_tokens < 0 then
    raise exception 'Too many requests: please try again later'
      using errcode = 'PT429',
            detail = format('at most %s %s per %s from one address', v_limit.max_burst, p_kind, v_limit.per),
            hint = 'Wait a few minutes before trying again.';
  end if;
  if random() < 0.01 then -- now and then, forget buckets idle for a day
    delete from private.write_buckets where updated_at < now() - interval '1 day';
  end if;
end;
$$;

REVOKE ALL ON FUNCTION private.take_write_token(p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_write_token(p_kind text) TO service_role;

CREATE FUNCTION public.translated(t jsonb, lang text, field text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select nullif(btrim(t->lang->>field), '')
$$;

GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO anon;
GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO authenticated;
GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO service_role;

CREATE FUNCTION public.translations_valid(t jsonb, fields text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_typeof(t) = 'object'
    and not exists (
      select 1 from jsonb_each(t) l
      where l.key not in ('en', 'ar')
         or jsonb_typeof(l.value) <> 'object'
         or exists (
           select 1 from jsonb_each(l.value) f
           where f.key <> all (fields)
              or case when f.key = 'tags'
                   then jsonb_typeof(f.value) <> 'array'
                        or exists (select 1 from jsonb_array_elements(f.value) e where jsonb_typeof(e) <> 'string')
                   else jsonb_typeof(f.value) not in ('string', 'null') end))
$$;

GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO anon;
GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO authenticated;
GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO service_role;

-- ════ schemas/people.sql ════

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

-- ════ schemas/fleet.sql ════

-- fleet: The cars the agency rents and their pictures. A car's slug is its address on the
-- site (made from brand and name when left empty); car_blocks take a car out of the
-- fleet for maintenance so the availability search never offers it; bookable(cars) is
-- the computed field the site reads instead of guessing from `available`.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── cars ───────────────────────────────────────────────────────────────────────────────

CREATE TABLE public.cars (
    id bigint NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    brand text NOT NULL,
    category text NOT NULL,
    price integer NOT NULL,
    image text NOT NULL,
    seats integer NOT NULL,
    transmission text NOT NULL,
    fuel text NOT NULL,
    rating numeric(2,1) NOT NULL,
    review_count integer DEFAULT 0 NOT NULL,
    available boolean DEFAULT true NOT NULL,
    description text,
    gps_included boolean DEFAULT false NOT NULL,
    baby_seat_included boolean DEFAULT false NOT NULL,
    second_driver_included boolean DEFAULT false NOT NULL,
    roadside_assistance_included boolean DEFAULT false NOT NULL,
    not_available_until date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    rating_source text,
    traveller_rating numeric(2,1),
    traveller_review_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT cars_brand_check CHECK ((btrim(brand) <> ''::text)),
    CONSTRAINT cars_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text]))),
    CONSTRAINT cars_fuel_check CHECK ((fuel = ANY (ARRAY['gasoline'::text, 'diesel'::text, 'hybrid'::text, 'electric'::text]))),
    CONSTRAINT cars_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT cars_price_check CHECK ((price > 0)),
    CONSTRAINT cars_rating_check CHECK (((rating >= (1)::numeric) AND (rating <= (5)::numeric))),
    CONSTRAINT cars_rating_source_check CHECK (((rating_source IS NULL) OR ((btrim(rating_source) <> ''::text) AND (char_length(rating_source) <= 40)))),
    CONSTRAINT cars_review_count_check CHECK ((review_count >= 0)),
    CONSTRAINT cars_seats_check CHECK ((seats = ANY (ARRAY[2, 4, 5, 7, 9]))),
    CONSTRAINT cars_slug_check CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
    CONSTRAINT cars_translations_valid CHECK (public.translations_valid(translations, ARRAY['description'::text])),
    CONSTRAINT cars_transmission_check CHECK ((transmission = ANY (ARRAY['manual'::text, 'automatic'::text])))
);

COMMENT ON TABLE public.cars IS 'the fleet the site shows and the bookings name; its slug is its address on the site';

ALTER TABLE public.cars ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.cars_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.cars
    ADD CONSTRAINT cars_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.cars
    ADD CONSTRAINT cars_slug_key UNIQUE (slug);

CREATE INDEX cars_category_price_idx ON public.cars USING btree (category, price);

CREATE INDEX cars_brand_idx ON public.cars USING btree (brand);

CREATE INDEX cars_price_idx ON public.cars USING btree (price);

COMMENT ON COLUMN public.cars.rating IS 'the rating the agency declares (rating_source says where it comes from), not the site''s reviews';

COMMENT ON COLUMN public.cars.review_count IS 'the review count the agency declares, with rating and rating_source';

COMMENT ON COLUMN public.cars.rating_source IS 'where the declared rating comes from ("Google"); null: the agency''s own figure';

COMMENT ON COLUMN public.cars.traveller_rating IS 'average stars of the approved car_reviews (one decimal); null without any. Kept by the database';

COMMENT ON COLUMN public.cars.traveller_review_count IS 'number of approved car_reviews. Kept by the database';

ALTER TABLE public.cars ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.bookable(public.cars) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select $1.available and ($1.not_available_until is null
    or $1.not_available_until <= (now() at time zone 'Africa/Casablanca')::date)
$_$;

GRANT ALL ON FUNCTION public.bookable(public.cars) TO anon;
GRANT ALL ON FUNCTION public.bookable(public.cars) TO authenticated;
GRANT ALL ON FUNCTION public.bookable(public.cars) TO service_role;

CREATE FUNCTION public.cars_default_slug() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  base text;
  n integer := 1;
begin
  if new.slug is not null and public.slugify(new.slug) <> '' then
    new.slug := public.slugify(new.slug);
    return new;
  end if;
  base := public.slugify(coalesce(new.brand, '') || ' ' || coalesce(new.name, ''));
  if base = '' then
    base := 'voiture';
  end if;
  new.slug := base;
  while exists (select 1 from public.cars c where c.slug = new.slug and c.id is distinct from new.id) loop
    n := n + 1;
    new.slug := base || '-' || n;
  end loop;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.cars_default_slug() TO anon;
GRANT ALL ON FUNCTION public.cars_default_slug() TO authenticated;
GRANT ALL ON FUNCTION public.cars_default_slug() TO service_role;

CREATE TRIGGER cars_default_slug BEFORE INSERT OR UPDATE OF slug ON public.cars FOR EACH ROW EXECUTE FUNCTION public.cars_default_slug();

CREATE TRIGGER cars_set_updated_at BEFORE INSERT OR UPDATE ON public.cars FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY cars_delete_admin ON public.cars FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY cars_insert_admin ON public.cars FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

CREATE POLICY cars_select_public ON public.cars FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY cars_update_admin ON public.cars FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.cars TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.cars TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.cars TO service_role;

GRANT SELECT,USAGE ON SEQUENCE public.cars_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.cars_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.cars_id_seq TO service_role;

-- ── car_images ─────────────────────────────────────────────────────────────────────────

CREATE TABLE public.car_images (
    id bigint NOT NULL,
    car_id bigint NOT NULL,
    image_url text NOT NULL,
    alt_text text,
    display_order integer DEFAULT 0 NOT NULL
);

COMMENT ON TABLE public.car_images IS 'a car''s pictures in display order (storage bucket car-images)';

ALTER TABLE public.car_images ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.car_images_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.car_images
    ADD CONSTRAINT car_images_pkey PRIMARY KEY (id);

CREATE INDEX car_images_car_id_display_order_idx ON public.car_images USING btree (car_id, display_order);

ALTER TABLE ONLY public.car_images
    ADD CONSTRAINT car_images_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE CASCADE;

ALTER TABLE public.car_images ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.notify_car_pictures() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ids bigint[];
  payload text;
begin
  select array_agg(car_id) into ids from changed_rows;
  if tg_op = 'UPDATE' then
    select ids || array_agg(car_id) into ids from changed_before;
  end if;
  select jsonb_build_object('table', 'car_images', 'slugs', coalesce(jsonb_agg(distinct c.slug), '[]'))::text
    into payload
    from public.cars c where c.id = any (ids);
  if octet_length(payload) > 7900 then
    payload := jsonb_build_object('table', 'car_images')::text;
  end if;
  perform pg_notify('page_content', payload);
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.notify_car_pictures() FROM PUBLIC;

CREATE TRIGGER car_images_page_content_delete AFTER DELETE ON public.car_images REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_car_pictures();

CREATE TRIGGER car_images_page_content_insert AFTER INSERT ON public.car_images REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_car_pictures();

CREATE TRIGGER car_images_page_content_update AFTER UPDATE ON public.car_images REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_car_pictures();

CREATE POLICY car_images_delete_admin ON public.car_images FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY car_images_insert_admin ON public.car_images FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

CREATE POLICY car_images_select_public ON public.car_images FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY car_images_update_admin ON public.car_images FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.car_images TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_images TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_images TO service_role;

GRANT SELECT,USAGE ON SEQUENCE public.car_images_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.car_images_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.car_images_id_seq TO service_role;

-- ── car_blocks ─────────────────────────────────────────────────────────────────────────

CREATE TABLE public.car_blocks (
    id bigint NOT NULL,
    car_id bigint NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    reason text NOT NULL,
    created_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT car_blocks_dates_check CHECK ((end_date >= start_date)),
    CONSTRAINT car_blocks_reason_check CHECK ((btrim(reason) <> ''::text))
);

COMMENT ON TABLE public.car_blocks IS 'a car taken out of the fleet for dates (maintenance): availability never offers it then';

ALTER TABLE public.car_blocks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.car_blocks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.car_blocks
    ADD CONSTRAINT car_blocks_pkey PRIMARY KEY (id);

CREATE INDEX car_blocks_car_dates_idx ON public.car_blocks USING btree (car_id, start_date);

ALTER TABLE ONLY public.car_blocks
    ADD CONSTRAINT car_blocks_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE CASCADE;

ALTER TABLE public.car_blocks ENABLE ROW LEVEL SECURITY;

CREATE POLICY car_blocks_delete_admin ON public.car_blocks FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY car_blocks_insert_admin ON public.car_blocks FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

CREATE POLICY car_blocks_select_admin ON public.car_blocks FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY car_blocks_update_admin ON public.car_blocks FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_blocks TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_blocks TO service_role;

GRANT SELECT,USAGE ON SEQUENCE public.car_blocks_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.car_blocks_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.car_blocks_id_seq TO service_role;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.car_calendar(p_car_id bigint, p_from date, p_days integer DEFAULT 60) RETURNS TABLE(day date, state text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with car as (
    select c.available, c.not_available_until from public.cars c where c.id = p_car_id
  ), win as (
    select tsrange(p_from, p_from + least(greatest(coalesce(p_days, 60), 1), 366)) as r
  ), held as (
    select range_agg(s.r) as m from (
      select b.hold as r from public.bookings b, win
        where b.car_id = p_car_id and b.status not in ('cancelled', 'expired') and b.hold && win.r
      union all select tsrange(k.start_date, k.end_date + 1) from public.car_blocks k, win
        where k.car_id = p_car_id and tsrange(k.start_date, k.end_date + 1) && win.r
      union all select tsrange(null, car.not_available_until) from car where car.not_available_until is not null
      union all select tsrange(null, null) from car where not car.available
    ) s
  )
  select d::date,
         case when held.m @> tsrange(d, d + interval '1 day') then 'taken'
              when held.m && tsrange(d, d + interval '1 day') then 'partial'
              else 'free' end
  from win, held, car,
       generate_series(lower(win.r), upper(win.r) - interval '1 day', interval '1 day') d
  order by 1
$$;

GRANT ALL ON FUNCTION public.car_calendar(p_car_id bigint, p_from date, p_days integer) TO anon;
GRANT ALL ON FUNCTION public.car_calendar(p_car_id bigint, p_from date, p_days integer) TO authenticated;
GRANT ALL ON FUNCTION public.car_calendar(p_car_id bigint, p_from date, p_days integer) TO service_role;

-- ════ schemas/pricing.sql ════

-- pricing: The rules a price and a rental follow, in one place: rental_rules (grace period,
-- longest rental, earliest pickup, free cancellation, terms version), reservation_settings
-- (holds and links), the price lists booking_options and payment_options, the deposits,
-- excess and key facts per category. quote_booking is the one price: the site, the
-- e-mails and the bookings trigger all read it, so the browser is never trusted with a
-- price. rental_periods counts started 24-hour periods; check_booking_rules holds a
-- trip's rules for bookings and change requests alike.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── rental_rules ───────────────────────────────────────────────────────────────────────

CREATE TABLE public.rental_rules (
    id boolean DEFAULT true NOT NULL,
    period_grace interval DEFAULT '00:59:00'::interval NOT NULL,
    longest_rental_days integer DEFAULT 90 NOT NULL,
    earliest_pickup_days integer DEFAULT 0 NOT NULL,
    free_cancellation_hours integer DEFAULT 24 NOT NULL,
    late_cancellation_days integer DEFAULT 1 NOT NULL,
    terms_version text DEFAULT '2026-11-01'::text NOT NULL,
    CONSTRAINT rental_rules_earliest_pickup_days_check CHECK (((earliest_pickup_days >= 0) AND (earliest_pickup_days <= 365))),
    CONSTRAINT rental_rules_free_cancellation_hours_check CHECK (((free_cancellation_hours >= 0) AND (free_cancellation_hours <= 720))),
    CONSTRAINT rental_rules_id_check CHECK (id),
    CONSTRAINT rental_rules_late_cancellation_days_check CHECK (((late_cancellation_days >= 0) AND (late_cancellation_days <= 90))),
    CONSTRAINT rental_rules_longest_rental_days_check CHECK (((longest_rental_days >= 1) AND (longest_rental_days <= 366))),
    CONSTRAINT rental_rules_period_grace_check CHECK (((period_grace >= '00:00:00'::interval) AND (period_grace < '24:00:00'::interval))),
    CONSTRAINT rental_rules_terms_version_check CHECK ((terms_version ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$'::text))
);

COMMENT ON TABLE public.rental_rules IS 'one row: the rental terms the price, the bookings and the pages state';

ALTER TABLE ONLY public.rental_rules
    ADD CONSTRAINT rental_rules_pkey PRIMARY KEY (id);

ALTER TABLE public.rental_rules ENABLE ROW LEVEL SECURITY;

CREATE POLICY rental_rules_select_public ON public.rental_rules FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY rental_rules_update_admin ON public.rental_rules FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.rental_rules TO anon;
GRANT SELECT ON TABLE public.rental_rules TO authenticated;
GRANT SELECT,UPDATE ON TABLE public.rental_rules TO service_role;

GRANT UPDATE(period_grace) ON TABLE public.rental_rules TO authenticated;

GRANT UPDATE(longest_rental_days) ON TABLE public.rental_rules TO authenticated;

GRANT UPDATE(earliest_pickup_days) ON TABLE public.rental_rules TO authenticated;

GRANT UPDATE(free_cancellation_hours) ON TABLE public.rental_rules TO authenticated;

GRANT UPDATE(late_cancellation_days) ON TABLE public.rental_rules TO authenticated;

GRANT UPDATE(terms_version) ON TABLE public.rental_rules TO authenticated;

-- ── reservation_settings ───────────────────────────────────────────────────────────────

CREATE TABLE public.reservation_settings (
    id boolean DEFAULT true NOT NULL,
    turnaround interval DEFAULT '02:00:00'::interval NOT NULL,
    paypal_hold interval DEFAULT '00:30:00'::interval NOT NULL,
    request_hold interval DEFAULT '24:00:00'::interval NOT NULL,
    holds_per_address integer DEFAULT 3 NOT NULL,
    holds_per_email integer DEFAULT 2 NOT NULL,
    holds_per_phone integer DEFAULT 2 NOT NULL,
    whatsapp_fleet_share numeric(3,2) DEFAULT 0.6 NOT NULL,
    long_hold interval DEFAULT '06:00:00'::interval NOT NULL,
    long_hold_after_days integer DEFAULT 60 NOT NULL,
    long_hold_rental_days integer DEFAULT 14 NOT NULL,
    max_days_ahead integer DEFAULT 365 NOT NULL,
    my_booking_link_ttl interval DEFAULT '01:00:00'::interval NOT NULL,
    review_link_ttl interval DEFAULT '60 days'::interval NOT NULL,
    CONSTRAINT reservation_settings_holds_per_address_check CHECK ((holds_per_address > 0)),
    CONSTRAINT reservation_settings_holds_per_email_check CHECK ((holds_per_email > 0)),
    CONSTRAINT reservation_settings_holds_per_phone_check CHECK ((holds_per_phone > 0)),
    CONSTRAINT reservation_settings_id_check CHECK (id),
    CONSTRAINT reservation_settings_long_hold_after_days_check CHECK ((long_hold_after_days >= 0)),
    CONSTRAINT reservation_settings_long_hold_check CHECK ((long_hold > '00:00:00'::interval)),
    CONSTRAINT reservation_settings_long_hold_rental_days_check CHECK ((long_hold_rental_days >= 1)),
    CONSTRAINT reservation_settings_max_days_ahead_check CHECK (((max_days_ahead >= 1) AND (max_days_ahead <= 3660))),
    CONSTRAINT reservation_settings_my_booking_link_ttl_check CHECK (((my_booking_link_ttl >= '00:05:00'::interval) AND (my_booking_link_ttl <= '7 days'::interval))),
    CONSTRAINT reservation_settings_paypal_hold_check CHECK ((paypal_hold > '00:00:00'::interval)),
    CONSTRAINT reservation_settings_request_hold_check CHECK ((request_hold > '00:00:00'::interval)),
    CONSTRAINT reservation_settings_review_link_ttl_check CHECK (((review_link_ttl >= '1 day'::interval) AND (review_link_ttl <= '365 days'::interval))),
    CONSTRAINT reservation_settings_turnaround_check CHECK ((turnaround >= '00:00:00'::interval)),
    CONSTRAINT reservation_settings_whatsapp_fleet_share_check CHECK (((whatsapp_fleet_share > (0)::numeric) AND (whatsapp_fleet_share <= (1)::numeric)))
);

COMMENT ON TABLE public.reservation_settings IS 'one row: how long holds and links live, how many holds one address may keep';

ALTER TABLE ONLY public.reservation_settings
    ADD CONSTRAINT reservation_settings_pkey PRIMARY KEY (id);

ALTER TABLE public.reservation_settings ENABLE ROW LEVEL SECURITY;

CREATE POLICY reservation_settings_select_admin ON public.reservation_settings FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY reservation_settings_update_admin ON public.reservation_settings FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.reservation_settings TO authenticated;
GRANT SELECT,UPDATE ON TABLE public.reservation_settings TO service_role;

GRANT UPDATE(turnaround) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(paypal_hold) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(request_hold) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(holds_per_address) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(holds_per_email) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(holds_per_phone) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(whatsapp_fleet_share) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(long_hold) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(long_hold_after_days) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(long_hold_rental_days) ON TABLE public.reservation_settings TO authenticated;

GRANT UPDATE(max_days_ahead) ON TABLE public.reservation_settings TO authenticated;

-- ── booking_options ────────────────────────────────────────────────────────────────────

CREATE TABLE public.booking_options (
    key text NOT NULL,
    kind text NOT NULL,
    price integer NOT NULL,
    per_day boolean NOT NULL,
    "position" integer DEFAULT 0 NOT NULL,
    included_by text,
    CONSTRAINT booking_options_included_by_check CHECK ((included_by = ANY (ARRAY['gps_included'::text, 'baby_seat_included'::text, 'second_driver_included'::text, 'roadside_assistance_included'::text]))),
    CONSTRAINT booking_options_kind_check CHECK ((kind = ANY (ARRAY['insurance'::text, 'extra'::text]))),
    CONSTRAINT booking_options_price_check CHECK ((price >= 0))
);

COMMENT ON TABLE public.booking_options IS 'the price list of insurances and extras quote_booking reads';

ALTER TABLE ONLY public.booking_options
    ADD CONSTRAINT booking_options_pkey PRIMARY KEY (key);

COMMENT ON COLUMN public.booking_options.included_by IS 'the boolean column of public.cars that, when true, includes this extra at no charge';

ALTER TABLE public.booking_options ENABLE ROW LEVEL SECURITY;

CREATE POLICY booking_options_select_public ON public.booking_options FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY booking_options_update_admin ON public.booking_options FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.booking_options TO anon;
GRANT SELECT,UPDATE ON TABLE public.booking_options TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.booking_options TO service_role;

-- ── payment_options ────────────────────────────────────────────────────────────────────

CREATE TABLE public.payment_options (
    key text NOT NULL,
    discount_percent integer NOT NULL,
    due_now_percent integer NOT NULL,
    "position" integer DEFAULT 0 NOT NULL,
    CONSTRAINT payment_options_discount_percent_check CHECK (((discount_percent >= 0) AND (discount_percent <= 100))),
    CONSTRAINT payment_options_due_now_percent_check CHECK (((due_now_percent >= 1) AND (due_now_percent <= 100)))
);

COMMENT ON TABLE public.payment_options IS 'how a traveller may pay (full, half, at the agency) and the discount and share due now';

ALTER TABLE ONLY public.payment_options
    ADD CONSTRAINT payment_options_pkey PRIMARY KEY (key);

ALTER TABLE public.payment_options ENABLE ROW LEVEL SECURITY;

CREATE POLICY payment_options_select_public ON public.payment_options FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY payment_options_update_admin ON public.payment_options FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.payment_options TO anon;
GRANT SELECT,UPDATE ON TABLE public.payment_options TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.payment_options TO service_role;

-- ── category_deposits ──────────────────────────────────────────────────────────────────

CREATE TABLE public.category_deposits (
    category text NOT NULL,
    amount integer NOT NULL,
    CONSTRAINT category_deposits_amount_check CHECK ((amount >= 0)),
    CONSTRAINT category_deposits_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text])))
);

COMMENT ON TABLE public.category_deposits IS 'the deposit per car category, stated before booking';

ALTER TABLE ONLY public.category_deposits
    ADD CONSTRAINT category_deposits_pkey PRIMARY KEY (category);

ALTER TABLE public.category_deposits ENABLE ROW LEVEL SECURITY;

CREATE POLICY category_deposits_select_public ON public.category_deposits FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY category_deposits_update_admin ON public.category_deposits FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.category_deposits TO anon;
GRANT SELECT ON TABLE public.category_deposits TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.category_deposits TO service_role;

GRANT UPDATE(amount) ON TABLE public.category_deposits TO authenticated;

-- ── category_excess ────────────────────────────────────────────────────────────────────

CREATE TABLE public.category_excess (
    category text NOT NULL,
    insurance text NOT NULL,
    amount integer NOT NULL,
    CONSTRAINT category_excess_amount_check CHECK ((amount >= 0)),
    CONSTRAINT category_excess_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text])))
);

COMMENT ON TABLE public.category_excess IS 'the excess per car category and insurance, stated before booking';

ALTER TABLE ONLY public.category_excess
    ADD CONSTRAINT category_excess_pkey PRIMARY KEY (category, insurance);

ALTER TABLE ONLY public.category_excess
    ADD CONSTRAINT category_excess_insurance_fkey FOREIGN KEY (insurance) REFERENCES public.booking_options(key) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE public.category_excess ENABLE ROW LEVEL SECURITY;

CREATE POLICY category_excess_select_public ON public.category_excess FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY category_excess_update_admin ON public.category_excess FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.category_excess TO anon;
GRANT SELECT ON TABLE public.category_excess TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.category_excess TO service_role;

GRANT UPDATE(amount) ON TABLE public.category_excess TO authenticated;

-- ── category_key_facts ─────────────────────────────────────────────────────────────────

CREATE TABLE public.category_key_facts (
    category text NOT NULL,
    mileage_km_per_day integer,
    fuel_policy text DEFAULT 'same_to_same'::text NOT NULL,
    min_driver_age integer DEFAULT 21 NOT NULL,
    min_licence_years integer DEFAULT 2 NOT NULL,
    extra_km_price numeric(6,2),
    CONSTRAINT category_key_facts_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text]))),
    CONSTRAINT category_key_facts_extra_km_price_check CHECK ((extra_km_price > (0)::numeric)),
    CONSTRAINT category_key_facts_extra_km_price_when_limited CHECK (((mileage_km_per_day IS NULL) = (extra_km_price IS NULL))),
    CONSTRAINT category_key_facts_fuel_policy_check CHECK ((fuel_policy = ANY (ARRAY['same_to_same'::text, 'full_to_full'::text]))),
    CONSTRAINT category_key_facts_mileage_km_per_day_check CHECK ((mileage_km_per_day > 0)),
    CONSTRAINT category_key_facts_min_driver_age_check CHECK (((min_driver_age >= 18) AND (min_driver_age <= 99))),
    CONSTRAINT category_key_facts_min_licence_years_check CHECK (((min_licence_years >= 0) AND (min_licence_years <= 60)))
);

COMMENT ON TABLE public.category_key_facts IS 'the key facts per car category (age, licence years) a traveller confirms';

ALTER TABLE ONLY public.category_key_facts
    ADD CONSTRAINT category_key_facts_pkey PRIMARY KEY (category);

ALTER TABLE public.category_key_facts ENABLE ROW LEVEL SECURITY;

CREATE POLICY category_key_facts_select_public ON public.category_key_facts FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY category_key_facts_update_admin ON public.category_key_facts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.category_key_facts TO anon;
GRANT SELECT ON TABLE public.category_key_facts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.category_key_facts TO service_role;

GRANT UPDATE(mileage_km_per_day) ON TABLE public.category_key_facts TO authenticated;

GRANT UPDATE(fuel_policy) ON TABLE public.category_key_facts TO authenticated;

GRANT UPDATE(min_driver_age) ON TABLE public.category_key_facts TO authenticated;

GRANT UPDATE(min_licence_years) ON TABLE public.category_key_facts TO authenticated;

GRANT UPDATE(extra_km_price) ON TABLE public.category_key_facts TO authenticated;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint DEFAULT NULL::bigint) RETURNS TABLE(car_id bigint, free boolean, reason text, next_free timestamp without time zone, days integer, total integer, subtotal integer, online_total integer, online_discount_percent integer, deposit integer, free_cancellation_until timestamp without time zone, late_cancellation_fee integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_hold tsrange;
  v_longest integer;
begin
  if p_pickup is null or p_return is null then
    raise exception 'car_availability: pickup and return are required' using errcode = '22023';
  end if;
  if p_return <= p_pickup then
    raise exception 'car_availability: the return must be after the pickup' using errcode = '22023';
  end if;
  select r.longest_rental_days into v_longest from public.rental_rules r;
  if public.rental_periods(p_pickup, p_return) > v_longest then
    raise exception 'car_availability: a rental lasts at most % days', v_longest using errcode = '22023';
  end if;
  select tsrange(p_pickup, p_return + s.turnaround) into v_hold from public.reservation_settings s;
  return query
    select c.id, r.why is null, r.why,
           case when r.why is null or r.why = 'unavailable' then null
                else private.next_free(c.id, p_pickup, p_return - p_pickup) end,
           (q.x ->> 'days')::integer, (q.x ->> 'total')::integer,
           (q.x ->> 'subtotal')::integer,
           (q.x -> 'online' ->> 'total')::integer,
           round((q.x -> 'online' ->> 'discount_rate')::numeric * 100)::integer,
           (q.x ->> 'deposit')::integer,
           (q.x ->> 'free_cancellation_until')::timestamp,
           (q.x ->> 'late_cancellation_fee')::integer
    from public.cars c
    cross join lateral (select case
        when not c.available then 'unavailable'
        when c.not_available_until is not null and p_pickup::date < c.not_available_until then 'not_yet'
        when exists (select 1 from public.car_blocks k
                     where k.car_id = c.id and tsrange(k.start_date, k.end_date + 1) && v_hold) then 'maintenance'
        when exists (select 1 from public.bookings b
                     where b.car_id = c.id and b.status not in ('cancelled', 'expired') and b.hold && v_hold) then 'booked'
      end as why) r
    cross join lateral (select public.quote_booking(c.id, p_pickup::date, p_return::date,
      p_pickup_time => p_pickup::time, p_return_time => p_return::time) as x) q
    where p_car_id is null or c.id = p_car_id
    order by c.id;
end
$$;

REVOKE ALL ON FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint) TO anon;
GRANT ALL ON FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint) TO authenticated;
GRANT ALL ON FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint) TO service_role;

CREATE FUNCTION private.check_booking_rules(p_start date, p_end date, p_pickup time without time zone, p_return time without time zone, p_new_by_visitor boolean) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_rules public.rental_rules;
  v_today date := (now() at time zone 'Africa/Casablanca')::date;
  v_ahead integer;
  v_earliest date;
begin
  if p_start < date '2000-01-01' or p_end >= date '2100-01-01' then
    raise exception 'booking dates must lie between 2000 and 2099 (% to %)', p_start, p_end
      using errcode = 'check_violation', constraint = 'bookings_years_check';
  end if;
  if p_new_by_visitor and p_start is not null then
    select s.max_days_ahead into v_ahead from public.reservation_settings s;
    if p_start > v_today + v_ahead then
      raise exception 'the pickup date (%) is more than % days ahead', p_start, v_ahead
        using errcode = '22023', hint = format('Choose a pickup date until %s.', v_today + v_ahead);
    end if;
  end if;
  if p_start is null or p_end is null then
    return; -- the not-null constraints speak
  end if;
  if p_end + p_return <= p_start + p_pickup then
    raise exception 'the return (%) must be after the pickup (%)', p_end + p_return, p_start + p_pickup using errcode = '22023';
  end if;
  select * into v_rules from public.rental_rules;
  if public.rental_periods(p_start + p_pickup, p_end + p_return) > v_rules.longest_rental_days then
    raise exception 'a rental lasts at most % days', v_rules.longest_rental_days
      using errcode = '22023', hint = 'For a longer rental, contact the agency.';
  end if;
  if p_new_by_visitor then
    v_earliest := v_today + v_rules.earliest_pickup_days;
    if p_start < v_earliest then
      raise exception 'the pickup date (%) is before %', p_start, v_earliest
        using errcode = '22023', hint = format('Choose a pickup date from %s on.', v_earliest);
    end if;
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.check_booking_rules(p_start date, p_end date, p_pickup time without time zone, p_return time without time zone, p_new_by_visitor boolean) FROM PUBLIC;

CREATE FUNCTION public.included_extras(p_car jsonb) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(o.key order by o.position), '{}')
  from public.booking_options o
  where o.kind = 'extra' and o.included_by is not null and coalesce((p_car ->> o.included_by)::boolean, false)
$$;

GRANT ALL ON FUNCTION public.included_extras(p_car jsonb) TO anon;
GRANT ALL ON FUNCTION public.included_extras(p_car jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.included_extras(p_car jsonb) TO service_role;

CREATE FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text DEFAULT 'basic'::text, p_extras jsonb DEFAULT '{}'::jsonb, p_payment_option text DEFAULT 'full'::text, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone, p_payment_method text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_car public.cars;
  v_included text[];
  v_days integer;
  v_opt public.booking_options;
  v_pay public.payment_options;
  v_key text;
  v_value jsonb;
  v_insurance integer;
  v_extras integer := 0;
  v_subtotal integer;
  v_online_total integer;
  v_online_due numeric;
  v_online boolean := p_payment_method is not distinct from 'paypal';
  v_total integer;
  v_due_now numeric;
  v_rules public.rental_rules;
  v_facts public.category_key_facts;
  v_insurance_key text;
  v_free_until timestamp;
  v_free boolean;
begin
  select * into v_rules from public.rental_rules;
  if p_car_id is null then
    raise exception 'quote_booking: a car is required' using errcode = '22023';
  end if;
  select * into v_car from public.cars c where c.id = p_car_id;
  if not found then
    raise exception 'quote_booking: unknown car %', p_car_id using errcode = '22023';
  end if;
  v_included := public.included_extras(to_jsonb(v_car));
  if p_start is null or p_end is null then
    raise exception 'quote_booking: start and end dates are required' using errcode = '22023';
  end if;
  if p_end < p_start then
    raise exception 'quote_booking: end date % is before start date %', p_end, p_start using errcode = '22023';
  end if;
  v_days := public.rental_periods(p_start + coalesce(p_pickup_time, p_return_time, time '10:00'),
                                  p_end + coalesce(p_return_time, p_pickup_time, time '10:00'));

  v_insurance_key := coalesce(p_insurance, 'basic');
  select * into v_opt from public.booking_options o where o.key = v_insurance_key and o.kind = 'insurance';
  if not found then
    raise exception 'quote_booking: unknown insurance "%" (basic, premium or platinum)', p_insurance using errcode = '22023';
  end if;
  v_insurance := v_opt.price * case when v_opt.per_day then v_days else 1 end;

  if p_extras is not null and jsonb_typeof(p_extras) <> 'object' then
    raise exception 'quote_booking: extras must be a JSON object of booleans' using errcode = '22023';
  end if;
  for v_key, v_value in select e.key, e.value from jsonb_each(coalesce(p_extras, '{}'::jsonb)) e loop
    select * into v_opt from public.booking_options o where o.key = v_key and o.kind = 'extra';
    if not found then
      raise exception 'quote_booking: unknown extra "%"', v_key using errcode = '22023';
    end if;
    if jsonb_typeof(v_value) not in ('boolean', 'null') then
      raise exception 'quote_booking: extra "%" must be true or false', v_key using errcode = '22023';
    end if;
    if v_value = 'true'::jsonb and not v_key = any(v_included) then
      v_extras := v_extras + v_opt.price * case when v_opt.per_day then v_days else 1 end;
    end if;
  end loop;

  select * into v_pay from public.payment_options p where p.key = coalesce(p_payment_option, 'full');
  if not found then
    raise exception 'quote_booking: unknown payment option "%" (full, half or reserve)', p_payment_option using errcode = '22023';
  end if;
  if p_payment_method is not null and p_payment_method not in ('whatsapp', 'paypal', 'cash', 'card') then
    raise exception 'quote_booking: unknown payment method "%" (whatsapp, paypal, cash or card)', p_payment_method using errcode = '22023';
  end if;

  select * into v_facts from public.category_key_facts f where f.category = v_car.category;

  v_subtotal := v_days * v_car.price + v_insurance + v_extras;
  -- What paying online with the chosen option costs and takes now.
  v_online_total := round(v_subtotal * (100 - v_pay.discount_percent) / 100.0)::integer;
  v_online_due := round(v_online_total * v_pay.due_now_percent / 100.0, 2);
  -- The channel's figures: online as above; at the agency the whole subtotal, later.
  v_total := case when v_online then v_online_total else v_subtotal end;
  v_due_now := case when v_online then v_online_due else 0 end;

  -- Local time (Casablanca), as the pickup. A moment already past is no promise.
  v_free_until := p_start + coalesce(p_pickup_time, p_return_time, time '10:00')
                  - make_interval(hours => v_rules.free_cancellation_hours);
  v_free := v_free_until > (now() at time zone 'Africa/Casablanca');
  return jsonb_build_object(
    'days', v_days,
    'daily_price', v_car.price,
    'base', v_days * v_car.price,
    'insurance', v_insurance,
    'extras', v_extras,
    'included', to_jsonb(v_included),
    'subtotal', v_subtotal,
    -- 'online' (PayPal) or 'agency' (paid at the agency): which figures these are
    'channel', case when v_online then 'online' else 'agency' end,
    'discount_rate', case when v_online then round(v_pay.discount_percent / 100.0, 2) else 0 end,
    'discount', v_subtotal - v_total,
    'total', v_total,
    'due_now_percent', case when v_online then v_pay.due_now_percent else 0 end,
    'due_now', v_due_now,
    'due_at_pickup', v_total - v_due_now,
    -- the same trip paid online with the chosen option (what the PayPal button takes)
    'online', jsonb_build_object(
      'discount_rate', round(v_pay.discount_percent / 100.0, 2),
      'discount', v_subtotal - v_online_total,
      'total', v_online_total,
      'due_now_percent', v_pay.due_now_percent,
      'due_now', v_online_due,
      'due_at_pickup', v_online_total - v_online_due),
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_car.category), 0),
    'free_cancellation_until', case when v_free then to_char(v_free_until, 'YYYY-MM-DD"T"HH24:MI:SS') end,
    'free_cancellation_over', not v_free,
    -- what cancelling after that moment (or now, when it is over) costs: the first
    -- days at the daily price, never more than the total
    'late_cancellation_days', v_rules.late_cancellation_days,
    'late_cancellation_fee', least(v_total, least(v_rules.late_cancellation_days, v_days) * v_car.price),
    -- the key facts of the car's category, with the excess of the chosen insurance
    -- (null when the agency has not set one: nothing is claimed rather than a zero excess)
    'excess', (select x.amount from public.category_excess x
               where x.category = v_car.category and x.insurance = v_insurance_key),
    'mileage_km_per_day', v_facts.mileage_km_per_day,
    'extra_km_price', v_facts.extra_km_price,
    'fuel_policy', v_facts.fuel_policy,
    'min_driver_age', v_facts.min_driver_age,
    'min_licence_years', v_facts.min_licence_years,
    -- the rental terms this quote is made under (a visitor's booking sends it back as accepted)
    'terms_version', v_rules.terms_version);
end
$$;

COMMENT ON FUNCTION public.quote_booking(bigint, date, date, text, jsonb, text, time without time zone, time without time zone, text) IS 'the one price of a trip: the site, the e-mails and the bookings trigger read it';

REVOKE ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone, p_payment_method text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone, p_payment_method text) TO anon;
GRANT ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone, p_payment_method text) TO authenticated;
GRANT ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone, p_payment_method text) TO service_role;

CREATE FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(1, ceil(extract(epoch from (p_return - p_pickup - r.period_grace)) / 86400)::integer)
  from public.rental_rules r
$$;

GRANT ALL ON FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) TO anon;
GRANT ALL ON FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) TO authenticated;
GRANT ALL ON FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) TO service_role;

CREATE FUNCTION public.rental_terms() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'free_cancellation_hours', r.free_cancellation_hours,
    'late_cancellation_days', r.late_cancellation_days,
    'longest_rental_days', r.longest_rental_days,
    'earliest_pickup_days', r.earliest_pickup_days,
    'terms_version', r.terms_version,
    'categories', coalesce((
      select jsonb_agg(jsonb_build_object(
          'category', f.category,
          'mileage_km_per_day', f.mileage_km_per_day,
          'extra_km_price', f.extra_km_price,
          'fuel_policy', f.fuel_policy,
          'min_driver_age', f.min_driver_age,
          'min_licence_years', f.min_licence_years,
          'deposit', (select d.amount from public.category_deposits d where d.category = f.category),
          'excess', coalesce((
            select jsonb_agg(jsonb_build_object('insurance', x.insurance, 'amount', x.amount) order by o.position, o.key)
            from public.category_excess x join public.booking_options o on o.key = x.insurance
            where x.category = f.category), '[]'))
        -- the categories in the fleet's usual order, cheapest class first
        order by array_position(array['Économique', 'Compact', 'Berline', 'Premium', 'SUV', 'Utilitaire'], f.category), f.category)
      from public.category_key_facts f), '[]'))
  from public.rental_rules r
$$;

REVOKE ALL ON FUNCTION public.rental_terms() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rental_terms() TO anon;
GRANT ALL ON FUNCTION public.rental_terms() TO authenticated;
GRANT ALL ON FUNCTION public.rental_terms() TO service_role;

-- ════ schemas/bookings.sql ════

-- bookings: A traveller's booking, its rules and its holds. The database computes what a client
-- must not decide: the price (bookings_compute_price from quote_booking), the reference,
-- the user (from the token), the hold on the car's dates and its expiry; the exclusion
-- constraint bookings_no_overlap makes double booking impossible. booking_transitions is
-- the state machine every move is checked against (BK007/BK008). Visitors insert with
-- status pending and see nothing back (no select for anon): the id is chosen by the
-- browser. A deleted booking is archived in deleted_bookings.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── bookings ───────────────────────────────────────────────────────────────────────────

CREATE TABLE public.bookings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    car_id bigint,
    customer_name text NOT NULL,
    customer_email text NOT NULL,
    customer_phone text NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    pickup_time time without time zone DEFAULT '10:00:00'::time without time zone NOT NULL,
    return_time time without time zone DEFAULT '10:00:00'::time without time zone NOT NULL,
    pickup_location text DEFAULT 'Aéroport Mohammed V'::text NOT NULL,
    return_location text DEFAULT 'Aéroport Mohammed V'::text NOT NULL,
    insurance_type text DEFAULT 'basic'::text NOT NULL,
    extras jsonb DEFAULT '{}'::jsonb NOT NULL,
    payment_option text DEFAULT 'full'::text NOT NULL,
    language text DEFAULT 'fr'::text NOT NULL,
    days integer NOT NULL,
    total_price integer NOT NULL,
    payment_method text,
    payment_id text,
    payment_status text DEFAULT 'none'::text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    paypal_order_id text,
    amount_due_now numeric(12,2),
    charge_currency text,
    charge_amount numeric(12,2),
    payment_error text,
    hold tsrange,
    hold_expires_at timestamp with time zone,
    reference text NOT NULL,
    quote jsonb,
    client_ip text,
    paypal_closed_at timestamp with time zone,
    flight_number text,
    hotel_name text,
    hotel_address text,
    arrival_note text,
    terms_version text,
    terms_accepted_at timestamp with time zone,
    driver_requirements_confirmed boolean DEFAULT false NOT NULL,
    CONSTRAINT bookings_amount_due_now_check CHECK ((amount_due_now >= (0)::numeric)),
    CONSTRAINT bookings_charge_amount_check CHECK ((charge_amount > (0)::numeric)),
    CONSTRAINT bookings_charge_currency_check CHECK ((charge_currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT bookings_customer_email_check CHECK ((customer_email ~ '^[^@[:space:]]+@[^@[:space:]]+$'::text)),
    CONSTRAINT bookings_customer_name_check CHECK ((btrim(customer_name) <> ''::text)),
    CONSTRAINT bookings_customer_phone_check CHECK ((btrim(customer_phone) <> ''::text)),
    CONSTRAINT bookings_dates_check CHECK ((end_date >= start_date)),
    CONSTRAINT bookings_days_check CHECK ((days >= 1)),
    CONSTRAINT bookings_extras_check CHECK ((jsonb_typeof(extras) = 'object'::text)),
    CONSTRAINT bookings_insurance_type_check CHECK ((insurance_type = ANY (ARRAY['basic'::text, 'premium'::text, 'platinum'::text]))),
    CONSTRAINT bookings_language_check CHECK ((language = ANY (ARRAY['fr'::text, 'en'::text, 'ar'::text]))),
    CONSTRAINT bookings_payment_option_check CHECK ((payment_option = ANY (ARRAY['full'::text, 'half'::text, 'reserve'::text]))),
    CONSTRAINT bookings_payment_status_check CHECK ((payment_status = ANY (ARRAY['none'::text, 'pending'::text, 'paid'::text, 'failed'::text, 'abandoned'::text, 'refunded'::text, 'partially_refunded'::text, 'counter'::text]))),
    CONSTRAINT bookings_reference_check CHECK ((reference ~ '^CR-[2-9A-HJKMNP-Z]{5}$'::text)),
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'in_progress'::text, 'completed'::text, 'cancelled'::text, 'expired'::text]))),
    CONSTRAINT bookings_terms_version_check CHECK ((char_length(terms_version) <= 40)),
    CONSTRAINT bookings_total_price_check CHECK ((total_price >= 0))
);

COMMENT ON TABLE public.bookings IS 'a traveller''s rental of a car for dates; priced, referenced and held by the database';

ALTER TABLE ONLY public.bookings REPLICA IDENTITY FULL;

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);

CREATE INDEX bookings_created_at_idx ON public.bookings USING btree (created_at DESC);

CREATE INDEX bookings_status_idx ON public.bookings USING btree (status);

CREATE INDEX bookings_car_id_idx ON public.bookings USING btree (car_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_paypal_order_id_key UNIQUE (paypal_order_id);

CREATE UNIQUE INDEX bookings_paypal_capture_key ON public.bookings USING btree (payment_id) WHERE ((payment_method = 'paypal'::text) AND (payment_id IS NOT NULL));

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (car_id WITH =, hold WITH &&) WHERE ((status <> ALL (ARRAY['cancelled'::text, 'expired'::text])));

CREATE INDEX bookings_hold_expires_idx ON public.bookings USING btree (hold_expires_at) WHERE (status = 'pending'::text);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_reference_key UNIQUE (reference);

CREATE INDEX bookings_pending_ip_idx ON public.bookings USING btree (client_ip) WHERE (status = 'pending'::text);

CREATE INDEX bookings_pending_email_idx ON public.bookings USING btree (private.email_key(customer_email)) WHERE (status = 'pending'::text);

CREATE INDEX bookings_pending_phone_idx ON public.bookings USING btree (private.phone_key(customer_phone)) WHERE (status = 'pending'::text);

CREATE INDEX bookings_paypal_open_idx ON public.bookings USING btree (created_at) WHERE ((paypal_order_id IS NOT NULL) AND (paypal_closed_at IS NULL) AND (payment_id IS NULL));

CREATE INDEX bookings_phone_key_idx ON public.bookings USING btree (public.phone_key(customer_phone));

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_details_length_check CHECK (((length(hotel_name) <= 200) AND (length(hotel_address) <= 500) AND (length(flight_number) <= 10))) NOT VALID;

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_payment_method_check CHECK ((payment_method = ANY (ARRAY['whatsapp'::text, 'paypal'::text, 'cash'::text, 'card'::text]))) NOT VALID;

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_text_length_check CHECK (((length(customer_name) <= 200) AND (length(customer_email) <= 254) AND (length(customer_phone) <= 40) AND (length(pickup_location) <= 200) AND (length(return_location) <= 200) AND (COALESCE(length(notes), 0) <= 10000))) NOT VALID;

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_traveller_details_length CHECK (((COALESCE(length(flight_number), 0) <= 20) AND (COALESCE(length(hotel_name), 0) <= 200) AND (COALESCE(length(hotel_address), 0) <= 300) AND (COALESCE(length(arrival_note), 0) <= 500))) NOT VALID;

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_years_check CHECK (((start_date >= '2000-01-01'::date) AND (end_date < '2100-01-01'::date))) NOT VALID;

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE SET NULL;

COMMENT ON COLUMN public.bookings.user_id IS 'the signed-in account that made the booking (auth.uid(); null for an anonymous visitor), set by the database for API clients';

COMMENT ON COLUMN public.bookings.paypal_order_id IS 'PayPal Orders v2 id; set by create-paypal-order';

COMMENT ON COLUMN public.bookings.amount_due_now IS 'MAD charged online now (part of total_price)';

COMMENT ON COLUMN public.bookings.charge_amount IS 'amount_due_now in charge_currency, as sent to PayPal';

COMMENT ON COLUMN public.bookings.hold IS 'set by the database: [pickup, return + turnaround) in Casablanca time';

COMMENT ON COLUMN public.bookings.hold_expires_at IS 'set by the database: when this pending booking expires unless confirmed or paid';

COMMENT ON COLUMN public.bookings.reference IS 'short human reference (CR-XXXXX), set by the database';

COMMENT ON COLUMN public.bookings.quote IS 'quote_booking''s answer when the booking was priced (set by the database)';

COMMENT ON COLUMN public.bookings.client_ip IS 'set by the database: the client address the booking was made from (null for the agency, jobs and SQL)';

COMMENT ON COLUMN public.bookings.paypal_closed_at IS 'when reconciliation found this PayPal order at its end (capture recorded, or past the time PayPal could still capture it)';

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.archive_deleted_booking() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.deleted_bookings (
    original_booking_id, car_id, start_date, end_date, total_price,
    customer_name, customer_email, customer_phone, status,
    pickup_location, return_location, data, deleted_by)
  values (
    old.id, old.car_id, old.start_date, old.end_date, old.total_price,
    old.customer_name, old.customer_email, old.customer_phone, old.status,
    old.pickup_location, old.return_location, to_jsonb(old), auth.uid());
  return old;
end
$$;

GRANT ALL ON FUNCTION public.archive_deleted_booking() TO anon;
GRANT ALL ON FUNCTION public.archive_deleted_booking() TO authenticated;
GRANT ALL ON FUNCTION public.archive_deleted_booking() TO service_role;

CREATE FUNCTION private.booking_may(b public.bookings, p_to text, p_by_traveller boolean DEFAULT false) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.booking_transitions t
                 where t.from_status = b.status and t.to_status = p_to and (t.by_traveller or not p_by_traveller))
     and not (p_to = b.status and b.payment_status = 'refunded')
$$;

REVOKE ALL ON FUNCTION private.booking_may(b public.bookings, p_to text, p_by_traveller boolean) FROM PUBLIC;

CREATE FUNCTION private.bookings_after_move() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from public.booking_transitions t
             where t.from_status = old.status and t.to_status = new.status and t.closes_requests) then
    update public.booking_change_requests set state = 'closed', decided_at = now()
    where booking_id = new.id and state = 'pending';
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.bookings_after_move() FROM PUBLIC;

CREATE FUNCTION private.bookings_allowed_moves() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.status is distinct from old.status and not private.booking_may(old, new.status) then
    perform private.refuse_booking('BK007', format('A booking cannot go from %s to %s', old.status, new.status),
      jsonb_build_object('from', old.status, 'to', new.status,
        'allowed', (select coalesce(jsonb_agg(t.to_status order by t.to_status), '[]') from public.booking_transitions t
                    where t.from_status = old.status and t.to_status <> old.status)));
  end if;
  if (new.car_id, new.start_date, new.end_date, new.pickup_time, new.return_time)
     is distinct from (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time) then
    perform private.refuse_change(old);
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.bookings_allowed_moves() FROM PUBLIC;

CREATE FUNCTION public.bookings_bounds_details() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  if tg_op = 'INSERT' or new.customer_phone is distinct from old.customer_phone then
    if not public.is_e164(new.customer_phone) then
      raise exception 'customer_phone must be an international number in E.164 form, such as +212612345678 (got "%")', new.customer_phone
        using errcode = '23514', hint = 'Write the number with its country code, digits only, after a "+".';
    end if;
  end if;
  if (private.is_hotel_place(new.pickup_location) or private.is_hotel_place(new.return_location))
     and (tg_op = 'INSERT'
          or (new.pickup_location, new.return_location, new.hotel_name, new.hotel_address)
             is distinct from (old.pickup_location, old.return_location, old.hotel_name, old.hotel_address)) then
    if nullif(btrim(coalesce(new.hotel_name, '')), '') is null then
      raise exception 'hotel_name is required for a delivery to or a collection from a hotel'
        using errcode = '23514', hint = 'Give the hotel''s name and address.';
    end if;
    if nullif(btrim(coalesce(new.hotel_address, '')), '') is null then
      raise exception 'hotel_address is required for a delivery to or a collection from a hotel'
        using errcode = '23514', hint = 'Give the hotel''s name and address.';
    end if;
  end if;
  if new.flight_number is not null
     and (tg_op = 'INSERT' or new.flight_number is distinct from old.flight_number)
     and new.flight_number !~ '^([A-Z0-9]{2}|[A-Z]{3})[0-9]{1,4}[A-Z]?$' then
    raise exception 'flight_number "%" is not a flight number (airline code then 1 to 4 digits, such as AT200)', new.flight_number
      using errcode = '23514';
  end if;
  return new;
end
$_$;

REVOKE ALL ON FUNCTION public.bookings_bounds_details() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_bounds_details() TO service_role;

CREATE FUNCTION public.bookings_check_rules() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'UPDATE'
     and (new.start_date, new.end_date, new.pickup_time, new.return_time)
         is not distinct from (old.start_date, old.end_date, old.pickup_time, old.return_time) then
    return new;
  end if;
  perform private.check_booking_rules(new.start_date, new.end_date, new.pickup_time, new.return_time,
                                      tg_op = 'INSERT' and public.rental_is_visitor());
  return new;
end
$$;

REVOKE ALL ON FUNCTION public.bookings_check_rules() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_check_rules() TO service_role;

CREATE FUNCTION public.bookings_compute_price() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  q jsonb;
begin
  if tg_op = 'INSERT' then
    new.insurance_type := coalesce(new.insurance_type, 'basic');
    new.extras := coalesce(new.extras, '{}'::jsonb);
    new.payment_option := coalesce(new.payment_option, 'full');
    new.language := coalesce(new.language, 'fr');
    new.status := coalesce(new.status, 'pending');
    if new.payment_method is distinct from 'paypal' and coalesce(new.payment_status, 'none') in ('none', 'pending', 'unpaid') then
      new.payment_status := 'none';
    elsif new.payment_method = 'paypal' and coalesce(new.payment_status, 'none') = 'none' then
      new.payment_status := 'pending'; -- an online attempt waits for its payment
    end if;
    if new.car_id is null then
      raise exception 'a booking needs a car' using errcode = '22023';
    end if;
  else
    if new.car_id is null
       or (new.car_id, new.start_date, new.end_date, new.pickup_time, new.return_time,
           new.insurance_type, new.extras, new.payment_option, new.payment_method is not distinct from 'paypal')
          is not distinct from
          (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time,
           old.insurance_type, old.extras, old.payment_option, old.payment_method is not distinct from 'paypal') then
      return new;
    end if;
  end if;
  q := public.quote_booking(new.car_id, new.start_date, new.end_date,
                            new.insurance_type, new.extras, new.payment_option,
                            new.pickup_time, new.return_time,
                            case when new.payment_method = 'paypal' then 'paypal' end);
  new.days := (q ->> 'days')::integer;
  new.total_price := (q ->> 'total')::integer;
  new.amount_due_now := (q ->> 'due_now')::numeric;
  new.quote := q;
  return new;
end
$$;

COMMENT ON FUNCTION public.bookings_compute_price() IS 'a booking''s price is the quote''s, whatever the client sent';

GRANT ALL ON FUNCTION public.bookings_compute_price() TO anon;
GRANT ALL ON FUNCTION public.bookings_compute_price() TO authenticated;
GRANT ALL ON FUNCTION public.bookings_compute_price() TO service_role;

CREATE FUNCTION public.bookings_fair_holds() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ip text := nullif(current_setting('request.client_ip', true), '');
  v_set public.reservation_settings;
  v_hold tsrange;
  v_n integer;
  v_fleet integer;
  v_cap integer;
begin
  if tg_op = 'INSERT' then
    if public.is_admin() then
      v_ip := null; -- the agency's own bookings are not a visitor's
    end if;
    new.client_ip := v_ip;
  else
    -- A visitor's PayPal attempt turned into a WhatsApp request (paypal-to-whatsapp)
    -- stays a hold of the address it came from; checked again, as the limits may
    -- have been lowered since the attempt.
    new.client_ip := old.client_ip;
    v_ip := old.client_ip;
    if old.payment_method is distinct from 'paypal' or new.payment_method is not distinct from 'paypal' then
      return new;
    end if;
  end if;
  if v_ip is null or new.status is distinct from 'pending'
     or new.payment_id is not null or new.payment_status not in ('none', 'pending', 'failed') then
    return new;
  end if;
  select * into v_set from public.reservation_settings;
  -- One visitor booking at a time past this point, so that two racing requests
  -- cannot both fit under a limit. It runs before the per-car lock of
  -- bookings_hold (trigger names sort so), which keeps the lock order fixed.
  perform pg_advisory_xact_lock(1314, 0);

  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and b.client_ip = v_ip and b.id <> new.id and private.is_unpaid_hold(b);
  if v_n >= v_set.holds_per_address then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings from this address',
      jsonb_build_object('limit', v_set.holds_per_address, 'by', 'address'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.email_key(b.customer_email) = private.email_key(new.customer_email)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b);
  if v_n >= v_set.holds_per_email then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this e-mail address',
      jsonb_build_object('limit', v_set.holds_per_email, 'by', 'email'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.phone_key(b.customer_phone) = private.phone_key(new.customer_phone)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b);
  if v_n >= v_set.holds_per_phone then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this phone number',
      jsonb_build_object('limit', v_set.holds_per_phone, 'by', 'phone'));
  end if;

  -- The fleet share: visitors' unpaid WhatsApp requests may hold at most
  -- ceil(share x bookable cars) cars over any moment of these dates (a PayPal
  -- attempt pays within minutes; the agency's own bookings are not counted).
  if new.payment_method is distinct from 'paypal' and new.start_date is not null and new.end_date is not null then
    v_hold := tsrange(new.start_date + new.pickup_time,
                      greatest(new.end_date + new.return_time, new.start_date + new.pickup_time) + v_set.turnaround);
    select count(*) into v_fleet from public.cars c
    where c.available and (c.not_available_until is null or c.not_available_until <= new.start_date);
    v_cap := greatest(1, ceil(v_set.whatsapp_fleet_share * v_fleet)::integer);
    select count(distinct b.car_id) into v_n from public.bookings b
    where b.status = 'pending' and b.hold && v_hold and b.car_id is distinct from new.car_id
      and b.client_ip is not null and b.payment_method is distinct from 'paypal' and private.is_unpaid_hold(b);
    if v_n >= v_cap then
      perform private.refuse_booking('BK006', 'Too many cars are held by unconfirmed requests on these dates',
        jsonb_build_object('limit', v_cap));
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION public.bookings_fair_holds() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_fair_holds() TO service_role;

CREATE FUNCTION public.bookings_hold() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_set public.reservation_settings;
  v_pickup timestamp := new.start_date + new.pickup_time;
  v_return timestamp := new.end_date + new.return_time;
  v_holding boolean := new.status not in ('cancelled', 'expired');
  v_available boolean;
  v_until date;
begin
  select * into v_set from public.reservation_settings;

  -- An unconfirmed hold lapses; entering pending (again) starts its clock.
  if new.status = 'pending' then
    if tg_op = 'INSERT' or old.status <> 'pending' then
      new.hold_expires_at := now() + case when new.payment_method = 'paypal' then v_set.paypal_hold else v_set.request_hold end;
    end if;
  elsif new.status <> 'expired' then
    new.hold_expires_at := null;
  end if;

  if tg_op = 'UPDATE'
     and (new.car_id, new.start_date, new.end_date, new.pickup_time, new.return_time)
         is not distinct from (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time)
     and not (v_holding and old.status in ('cancelled', 'expired')) then
    return new; -- nothing that decides the hold changed
  end if;

  if v_return <= v_pickup then
    raise exception 'the return (%) must be after the pickup (%)', v_return, v_pickup using errcode = '22023';
  end if;
  new.hold := tsrange(v_pickup, v_return + v_set.turnaround);
  if not v_holding or new.car_id is null then
    return new;
  end if;

  perform pg_advisory_xact_lock(1313, (new.car_id % 2147483647)::integer);
  select c.available, c.not_available_until into v_available, v_until from public.cars c where c.id = new.car_id;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if not v_available then
    perform private.refuse_booking('BK002', 'This car is not available for booking', '{}');
  end if;
  if v_until is not null and new.start_date < v_until then
    perform private.refuse_booking('BK003', format('This car is not available until %s', v_until),
      jsonb_build_object('until', v_until, 'next_free', private.next_free(new.car_id, v_pickup, v_return - v_pickup, new.id)));
  end if;
  if exists (select 1 from public.car_blocks k
             where k.car_id = new.car_id and tsrange(k.start_date, k.end_date + 1) && new.hold) then
    perform private.refuse_booking('BK004', 'This car is in maintenance on these dates',
      jsonb_build_object('next_free', private.next_free(new.car_id, v_pickup, v_return - v_pickup, new.id)));
  end if;
  if exists (select 1 from public.bookings b
             where b.car_id = new.car_id and b.id <> new.id and b.status not in ('cancelled', 'expired')
               and b.hold && new.hold) then
    perform private.refuse_booking('BK001', 'This car is already booked for these dates',
      jsonb_build_object('next_free', private.next_free(new.car_id, v_pickup, v_return - v_pickup, new.id)));
  end if;
  return new;
end
$$;

COMMENT ON FUNCTION public.bookings_hold() IS 'holds the car''s dates for a pending booking until it is paid or expires';

GRANT ALL ON FUNCTION public.bookings_hold() TO anon;
GRANT ALL ON FUNCTION public.bookings_hold() TO authenticated;
GRANT ALL ON FUNCTION public.bookings_hold() TO service_role;

CREATE FUNCTION public.bookings_hold_window() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_set public.reservation_settings;
begin
  if new.status = 'pending' and new.hold_expires_at is not null
     and new.payment_method is distinct from 'paypal'
     and (tg_op = 'INSERT' or old.status <> 'pending' or old.payment_method = 'paypal') then
    select * into v_set from public.reservation_settings;
    if new.start_date > (now() at time zone 'Africa/Casablanca')::date + v_set.long_hold_after_days
       or new.end_date - new.start_date > v_set.long_hold_rental_days then
      new.hold_expires_at := least(new.hold_expires_at, now() + v_set.long_hold);
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION public.bookings_hold_window() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_hold_window() TO service_role;

CREATE FUNCTION public.bookings_reference() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    new.reference := private.new_booking_reference();
  else
    new.reference := old.reference;
  end if;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.bookings_reference() TO anon;
GRANT ALL ON FUNCTION public.bookings_reference() TO authenticated;
GRANT ALL ON FUNCTION public.bookings_reference() TO service_role;

CREATE FUNCTION public.bookings_terms() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_rules public.rental_rules;
begin
  select * into v_rules from public.rental_rules;
  if new.terms_version is null and public.rental_is_visitor() then
    raise exception 'the rental terms must be accepted before booking'
      using errcode = '22023', hint = format('Send terms_version = %s after the traveller ticks the box.', v_rules.terms_version);
  end if;
  if new.terms_version is not null and new.terms_version is distinct from v_rules.terms_version then
    raise exception 'the rental terms changed (version % is current, not %)', v_rules.terms_version, new.terms_version
      using errcode = '22023', hint = 'Show the current terms and ask again.';
  end if;
  if not new.driver_requirements_confirmed and public.rental_is_visitor() then
    raise exception 'the driver must meet the car''s minimum age and licence years'
      using errcode = '22023', hint = 'Send driver_requirements_confirmed = true after the traveller confirms it.';
  end if;
  new.terms_accepted_at := case when new.terms_version is null then null else now() end;
  return new;
end
$$;

REVOKE ALL ON FUNCTION public.bookings_terms() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_terms() TO service_role;

CREATE FUNCTION private.bookings_user_id() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      new.user_id := auth.uid();
    else
      new.user_id := old.user_id;
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.bookings_user_id() FROM PUBLIC;

CREATE FUNCTION private.is_unpaid_hold(b public.bookings) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select b.status = 'pending' and b.payment_id is null
     and b.payment_status in ('none', 'pending', 'failed')
     and (b.hold_expires_at is null or b.hold_expires_at > now())
$$;

CREATE FUNCTION private.refuse_change(b public.bookings) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not private.booking_may(b, b.status) then
    perform private.refuse_booking('BK008', format('This booking (%s, %s) can no longer be changed', b.status, b.payment_status),
      jsonb_build_object('status', b.status, 'payment_status', b.payment_status));
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.refuse_change(b public.bookings) FROM PUBLIC;

CREATE TRIGGER bookings_after_move AFTER UPDATE OF status ON public.bookings FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.bookings_after_move();

CREATE TRIGGER bookings_allowed_moves BEFORE UPDATE OF status, car_id, start_date, end_date, pickup_time, return_time ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.bookings_allowed_moves();

CREATE TRIGGER bookings_archive_on_delete AFTER DELETE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.archive_deleted_booking();

CREATE TRIGGER bookings_bounds_details BEFORE INSERT OR UPDATE OF customer_phone, pickup_location, return_location, hotel_name, hotel_address, flight_number ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_bounds_details();

CREATE TRIGGER bookings_check_rules BEFORE INSERT OR UPDATE OF start_date, end_date, pickup_time, return_time ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_check_rules();

CREATE TRIGGER bookings_compute_price BEFORE INSERT OR UPDATE OF car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option, payment_method ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_compute_price();

CREATE TRIGGER bookings_fair_holds BEFORE INSERT OR UPDATE OF payment_method, client_ip ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_fair_holds();

CREATE TRIGGER bookings_hold BEFORE INSERT OR UPDATE OF car_id, start_date, end_date, pickup_time, return_time, status ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_hold();

CREATE TRIGGER bookings_hold_window BEFORE INSERT OR UPDATE OF status, payment_method, hold_expires_at ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_hold_window();

CREATE TRIGGER bookings_reference BEFORE INSERT OR UPDATE OF reference ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_reference();

CREATE TRIGGER bookings_set_updated_at BEFORE INSERT OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER bookings_terms BEFORE INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_terms();

CREATE TRIGGER bookings_user_id BEFORE INSERT OR UPDATE OF user_id ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.bookings_user_id();

CREATE TRIGGER bookings_write_limit BEFORE INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();

CREATE POLICY bookings_delete_admin ON public.bookings FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY bookings_insert_public ON public.bookings FOR INSERT TO anon, authenticated WITH CHECK (((status = 'pending'::text) AND (payment_status = 'none'::text) AND (payment_id IS NULL) AND (lower(btrim(COALESCE(payment_method, ''::text))) <> 'paypal'::text)));

CREATE POLICY bookings_select_admin ON public.bookings FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY bookings_update_admin ON public.bookings FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.bookings;

GRANT SELECT,DELETE ON TABLE public.bookings TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.bookings TO service_role;

GRANT INSERT(id) ON TABLE public.bookings TO anon;
GRANT INSERT(id) ON TABLE public.bookings TO authenticated;

GRANT INSERT(user_id) ON TABLE public.bookings TO anon;
GRANT INSERT(user_id) ON TABLE public.bookings TO authenticated;

GRANT INSERT(car_id) ON TABLE public.bookings TO anon;
GRANT INSERT(car_id) ON TABLE public.bookings TO authenticated;

GRANT INSERT(customer_name) ON TABLE public.bookings TO anon;
GRANT INSERT(customer_name) ON TABLE public.bookings TO authenticated;

GRANT INSERT(customer_email) ON TABLE public.bookings TO anon;
GRANT INSERT(customer_email) ON TABLE public.bookings TO authenticated;

GRANT INSERT(customer_phone) ON TABLE public.bookings TO anon;
GRANT INSERT(customer_phone) ON TABLE public.bookings TO authenticated;

GRANT INSERT(start_date) ON TABLE public.bookings TO anon;
GRANT INSERT(start_date) ON TABLE public.bookings TO authenticated;

GRANT INSERT(end_date) ON TABLE public.bookings TO anon;
GRANT INSERT(end_date) ON TABLE public.bookings TO authenticated;

GRANT INSERT(pickup_time) ON TABLE public.bookings TO anon;
GRANT INSERT(pickup_time) ON TABLE public.bookings TO authenticated;

GRANT INSERT(return_time) ON TABLE public.bookings TO anon;
GRANT INSERT(return_time) ON TABLE public.bookings TO authenticated;

GRANT INSERT(pickup_location) ON TABLE public.bookings TO anon;
GRANT INSERT(pickup_location) ON TABLE public.bookings TO authenticated;

GRANT INSERT(return_location) ON TABLE public.bookings TO anon;
GRANT INSERT(return_location) ON TABLE public.bookings TO authenticated;

GRANT INSERT(insurance_type) ON TABLE public.bookings TO anon;
GRANT INSERT(insurance_type) ON TABLE public.bookings TO authenticated;

GRANT INSERT(extras) ON TABLE public.bookings TO anon;
GRANT INSERT(extras) ON TABLE public.bookings TO authenticated;

GRANT INSERT(payment_option) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_option) ON TABLE public.bookings TO authenticated;

GRANT INSERT(language) ON TABLE public.bookings TO anon;
GRANT INSERT(language) ON TABLE public.bookings TO authenticated;

GRANT INSERT(days) ON TABLE public.bookings TO anon;
GRANT INSERT(days) ON TABLE public.bookings TO authenticated;

GRANT INSERT(total_price) ON TABLE public.bookings TO anon;
GRANT INSERT(total_price) ON TABLE public.bookings TO authenticated;

GRANT INSERT(payment_method) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_method) ON TABLE public.bookings TO authenticated;

GRANT INSERT(payment_id) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_id) ON TABLE public.bookings TO authenticated;

GRANT INSERT(payment_status) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_status) ON TABLE public.bookings TO authenticated;

GRANT INSERT(status) ON TABLE public.bookings TO anon;
GRANT INSERT(status),UPDATE(status) ON TABLE public.bookings TO authenticated;

GRANT UPDATE(notes) ON TABLE public.bookings TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.bookings TO authenticated;

GRANT INSERT(flight_number) ON TABLE public.bookings TO anon;
GRANT INSERT(flight_number) ON TABLE public.bookings TO authenticated;

GRANT INSERT(hotel_name) ON TABLE public.bookings TO anon;
GRANT INSERT(hotel_name) ON TABLE public.bookings TO authenticated;

GRANT INSERT(hotel_address) ON TABLE public.bookings TO anon;
GRANT INSERT(hotel_address) ON TABLE public.bookings TO authenticated;

GRANT INSERT(terms_version) ON TABLE public.bookings TO anon;
GRANT INSERT(terms_version) ON TABLE public.bookings TO authenticated;

GRANT INSERT(driver_requirements_confirmed) ON TABLE public.bookings TO anon;
GRANT INSERT(driver_requirements_confirmed) ON TABLE public.bookings TO authenticated;

-- ── booking_transitions ────────────────────────────────────────────────────────────────

CREATE TABLE public.booking_transitions (
    from_status text NOT NULL,
    to_status text NOT NULL,
    by_traveller boolean DEFAULT false NOT NULL,
    closes_requests boolean DEFAULT false NOT NULL,
    tells_traveller text,
    CONSTRAINT booking_transitions_from_status_check CHECK ((from_status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'in_progress'::text, 'completed'::text, 'cancelled'::text, 'expired'::text]))),
    CONSTRAINT booking_transitions_to_status_check CHECK ((to_status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'in_progress'::text, 'completed'::text, 'cancelled'::text, 'expired'::text])))
);

ALTER TABLE ONLY public.booking_transitions
    ADD CONSTRAINT booking_transitions_pkey PRIMARY KEY (from_status, to_status);

COMMENT ON TABLE public.booking_transitions IS 'the booking state machine: the allowed moves (from, to); (s, s): the trip may be changed in status s (docs/reservations.md)';

ALTER TABLE public.booking_transitions ENABLE ROW LEVEL SECURITY;

CREATE POLICY booking_transitions_select_public ON public.booking_transitions FOR SELECT TO anon, authenticated USING (true);

GRANT SELECT ON TABLE public.booking_transitions TO anon;
GRANT SELECT ON TABLE public.booking_transitions TO authenticated;
GRANT SELECT ON TABLE public.booking_transitions TO service_role;

-- ── deleted_bookings ───────────────────────────────────────────────────────────────────

CREATE TABLE public.deleted_bookings (
    id bigint NOT NULL,
    original_booking_id uuid NOT NULL,
    car_id bigint,
    start_date date,
    end_date date,
    total_price integer,
    customer_name text,
    customer_email text,
    customer_phone text,
    status text,
    pickup_location text,
    return_location text,
    data jsonb NOT NULL,
    deleted_by uuid,
    deleted_at timestamp with time zone DEFAULT now() NOT NULL,
    reference text GENERATED ALWAYS AS ((data ->> 'reference'::text)) STORED
);

COMMENT ON TABLE public.deleted_bookings IS 'what a deleted booking was, kept for the agency''s books';

ALTER TABLE public.deleted_bookings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.deleted_bookings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.deleted_bookings
    ADD CONSTRAINT deleted_bookings_pkey PRIMARY KEY (id);

CREATE INDEX deleted_bookings_deleted_at_idx ON public.deleted_bookings USING btree (deleted_at DESC);

ALTER TABLE public.deleted_bookings ENABLE ROW LEVEL SECURITY;

CREATE POLICY deleted_bookings_select_admin ON public.deleted_bookings FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.deleted_bookings TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.deleted_bookings TO service_role;

GRANT SELECT,USAGE ON SEQUENCE public.deleted_bookings_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.deleted_bookings_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.deleted_bookings_id_seq TO service_role;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.admin_search_bookings(p_query text) RETURNS SETOF uuid
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  with q as (
    select btrim(coalesce(p_query, '')) as raw,
           '%' || replace(replace(replace(btrim(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%' as pattern,
           public.phone_key(p_query) as phone,
           btrim(coalesce(p_query, '')) ~ '^[0-9+ ().-]+$' as phone_like,
           regexp_replace(upper(regexp_replace(coalesce(p_query, ''), '[^0-9A-Za-z]', '', 'g')), '^CR', '') as ref
  )
  select b.id
  from q, public.bookings b
  left join public.cars c on c.id = b.car_id
  where (select public.is_admin())
    and q.raw <> ''
    and (
      b.customer_name ilike q.pattern
      or b.customer_email ilike q.pattern
      or c.name ilike q.pattern
      or (q.phone_like and length(q.phone) >= 4
          and (public.phone_key(b.customer_phone) = q.phone or strpos(public.phone_key(b.customer_phone), q.phone) > 0))
      or (length(q.ref) >= 3 and strpos(replace(coalesce(b.reference, ''), 'CR-', ''), q.ref) > 0)
    )
$_$;

REVOKE ALL ON FUNCTION public.admin_search_bookings(p_query text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_search_bookings(p_query text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_search_bookings(p_query text) TO service_role;

CREATE FUNCTION public.expire_booking_holds() RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with due as (
    select b.id from public.bookings b
    where b.status = 'pending' and b.hold_expires_at <= now() and b.payment_id is null
    order by b.hold_expires_at
    limit 1000
    for update skip locked
  ), done as (
    update public.bookings b
    set status = 'expired',
        payment_status = case when b.payment_status = 'pending' then 'abandoned' else b.payment_status end
    from due
    where b.id = due.id and b.status = 'pending' and b.payment_id is null
    returning b.id
  ), attempts as (
    update public.payments p set status = 'abandoned', settled_at = now()
    from done where p.booking_id = done.id and p.kind = 'paypal' and p.status = 'pending'
    returning 1
  )
  select count(*)::integer from done
$$;

REVOKE ALL ON FUNCTION public.expire_booking_holds() FROM PUBLIC;
GRANT ALL ON FUNCTION public.expire_booking_holds() TO service_role;

CREATE FUNCTION private.is_hotel_place(p text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(p like 'Hôtel%', false)
$$;

CREATE FUNCTION private.new_booking_reference() RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  v_bytes bytea;
  v_ref text;
begin
  loop
    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    v_ref := 'CR-';
    for i in 0..4 loop
      -- bytes 0..4 of a v4 uuid are fully random; 256 mod 31 leaves a negligible bias
      v_ref := v_ref || substr(alphabet, 1 + get_byte(v_bytes, i) % 31, 1);
    end loop;
    exit when not exists (select 1 from public.bookings b where b.reference = v_ref);
  end loop;
  return v_ref;
end
$$;

CREATE FUNCTION private.next_free(p_car_id bigint, p_from timestamp without time zone, p_length interval, p_exclude uuid DEFAULT NULL::uuid) RETURNS timestamp without time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with busy as (
    select range_agg(x.r) as m from (
      select b.hold as r from public.bookings b
        where b.car_id = p_car_id and b.status not in ('cancelled', 'expired') and upper(b.hold) > p_from
          and b.id is distinct from p_exclude
      union all select tsrange(k.start_date, (k.end_date + 1) + p_from::time) from public.car_blocks k
        where k.car_id = p_car_id and k.end_date + 1 > p_from::date
      union all select tsrange(null, c.not_available_until + p_from::time) from public.cars c
        where c.id = p_car_id and c.not_available_until is not null
    ) x
  )
  select min(lower(g))
  from public.cars c, public.reservation_settings s, busy,
       unnest(tsmultirange(tsrange(p_from, null)) - coalesce(busy.m, '{}'::tsmultirange)) g
  where c.id = p_car_id and c.available
    and (upper_inf(g) or upper(g) - lower(g) >= p_length + s.turnaround)
    and lower(g) < p_from + interval '366 days'
$$;

CREATE FUNCTION private.refuse_booking(p_code text, p_message text, p_details jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise sqlstate 'PGRST' using
    message = jsonb_build_object('code', p_code, 'message', p_message, 'details', p_details, 'hint', null)::text,
    detail = '{"status": 409}';
end
$$;

CREATE FUNCTION public.release_holds(p_ids uuid[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_n integer;
begin
  if not public.is_admin() then
    raise exception 'administrators only' using errcode = '42501';
  end if;
  update public.bookings b
  set status = 'cancelled',
      notes = concat_ws(E'\n', b.notes, format('Blocage libéré par l''agence le %s (demandes non payées en nombre).',
                                               to_char(now() at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')))
  where b.id = any(coalesce(p_ids, '{}')) and b.status = 'pending' and private.is_unpaid_hold(b);
  get diagnostics v_n = row_count;
  return v_n;
end
$$;

REVOKE ALL ON FUNCTION public.release_holds(p_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_holds(p_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.release_holds(p_ids uuid[]) TO service_role;

CREATE FUNCTION public.suspicious_holds(p_min integer DEFAULT 2) RETURNS TABLE(kind text, key text, holds integer, cars integer, booking_ids uuid[], booking_refs text[], first_start date, last_end date, latest_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.is_admin() then
    raise exception 'administrators only' using errcode = '42501';
  end if;
  return query
    with held as (
      select b.* from public.bookings b where b.status = 'pending' and private.is_unpaid_hold(b)
    ), keyed as (
      select 'address'::text as k, h.client_ip as v, h.* from held h where h.client_ip is not null
      union all select 'email', private.email_key(h.customer_email), h.* from held h
      union all select 'phone', private.phone_key(h.customer_phone), h.* from held h
    )
    select k, v, count(*)::integer, count(distinct car_id)::integer,
           array_agg(id order by created_at), array_agg(reference order by created_at),
           min(start_date), max(end_date), max(created_at)
    from keyed
    group by k, v
    having count(*) >= greatest(coalesce(p_min, 2), 1)
    order by count(*) desc, k, v;
end
$$;

REVOKE ALL ON FUNCTION public.suspicious_holds(p_min integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.suspicious_holds(p_min integer) TO authenticated;
GRANT ALL ON FUNCTION public.suspicious_holds(p_min integer) TO service_role;

-- ════ schemas/payments.sql ════

-- payments: Money: the payments ledger (PayPal captures, refunds, counter payments at the agency),
-- the PayPal capture recorded by record_paypal_capture (which refunds a capture that
-- arrives after the hold lapsed), the receipt a traveller reads by the booking's id, the
-- revenue the back office reports. quote_paid_booking keeps the stored quote in step with
-- what was paid.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── payments ───────────────────────────────────────────────────────────────────────────

CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid,
    booking_reference text NOT NULL,
    kind text NOT NULL,
    status text NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency text NOT NULL,
    amount_mad numeric(12,2) NOT NULL,
    method text,
    provider_order_id text,
    provider_capture_id text,
    provider_refund_id text,
    refund_key text,
    note text,
    failure text,
    recorded_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_amount_mad_check CHECK ((amount_mad > (0)::numeric)),
    CONSTRAINT payments_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT payments_kind_check CHECK ((kind = ANY (ARRAY['paypal'::text, 'refund'::text, 'counter'::text]))),
    CONSTRAINT payments_kind_status CHECK ((((kind = 'paypal'::text) AND (status = ANY (ARRAY['pending'::text, 'captured'::text, 'failed'::text, 'abandoned'::text]))) OR ((kind = 'refund'::text) AND (status = ANY (ARRAY['pending'::text, 'completed'::text, 'failed'::text]))) OR ((kind = 'counter'::text) AND (status = 'completed'::text) AND (method = ANY (ARRAY['cash'::text, 'card'::text]))))),
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['paypal'::text, 'cash'::text, 'card'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'captured'::text, 'failed'::text, 'abandoned'::text, 'completed'::text])))
);

COMMENT ON TABLE public.payments IS 'the money ledger: every capture, refund and counter payment of a booking';

ALTER TABLE ONLY public.payments REPLICA IDENTITY FULL;

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_provider_order_id_key UNIQUE (provider_order_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_provider_refund_id_key UNIQUE (provider_refund_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_refund_key_key UNIQUE (refund_key);

CREATE INDEX payments_booking_idx ON public.payments USING btree (booking_id, created_at);

CREATE INDEX payments_settled_idx ON public.payments USING btree (settled_at) WHERE (status = ANY (ARRAY['captured'::text, 'completed'::text]));

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.payments_after_counter() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.bookings set payment_status = 'counter'
  where id = new.booking_id and payment_status in ('none', 'pending', 'failed', 'abandoned');
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.payments_after_counter() FROM PUBLIC;
GRANT ALL ON FUNCTION public.payments_after_counter() TO service_role;

CREATE FUNCTION public.payments_before_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select b.reference into new.booking_reference from public.bookings b where b.id = new.booking_id;
  if new.booking_reference is null then
    raise exception 'payments: unknown booking %', new.booking_id using errcode = '23503';
  end if;
  if new.kind = 'counter' then
    new.amount_mad := new.amount;
    new.settled_at := now();
    new.recorded_by := auth.uid();
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION public.payments_before_insert() FROM PUBLIC;
GRANT ALL ON FUNCTION public.payments_before_insert() TO service_role;

CREATE TRIGGER payments_after_counter AFTER INSERT ON public.payments FOR EACH ROW WHEN ((new.kind = 'counter'::text)) EXECUTE FUNCTION public.payments_after_counter();

CREATE TRIGGER payments_before_insert BEFORE INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION public.payments_before_insert();

CREATE POLICY payments_insert_counter_admin ON public.payments FOR INSERT TO authenticated WITH CHECK ((( SELECT public.is_admin() AS is_admin) AND (kind = 'counter'::text) AND (status = 'completed'::text) AND (currency = 'MAD'::text)));

CREATE POLICY payments_select_admin ON public.payments FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.payments;

GRANT SELECT ON TABLE public.payments TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.payments TO service_role;

GRANT INSERT(booking_id) ON TABLE public.payments TO authenticated;

GRANT INSERT(kind) ON TABLE public.payments TO authenticated;

GRANT INSERT(status) ON TABLE public.payments TO authenticated;

GRANT INSERT(amount) ON TABLE public.payments TO authenticated;

GRANT INSERT(currency) ON TABLE public.payments TO authenticated;

GRANT INSERT(amount_mad) ON TABLE public.payments TO authenticated;

GRANT INSERT(method) ON TABLE public.payments TO authenticated;

GRANT INSERT(note) ON TABLE public.payments TO authenticated;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.booking_receipt(p_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'id', b.id, 'reference', b.reference, 'status', b.status, 'payment_status', b.payment_status,
    'payment_method', b.payment_method, 'car', jsonb_build_object('name', c.name, 'brand', c.brand, 'category', c.category),
    'start_date', b.start_date, 'end_date', b.end_date, 'pickup_time', b.pickup_time, 'return_time', b.return_time,
    'pickup_location', b.pickup_location, 'return_location', b.return_location,
    'insurance_type', b.insurance_type, 'extras', b.extras, 'payment_option', b.payment_option,
    'hold_expires_at', b.hold_expires_at, 'language', b.language,
    'customer_name', b.customer_name, 'customer_email', b.customer_email, 'customer_phone', b.customer_phone,
    'quote', b.quote)
  from public.bookings b left join public.cars c on c.id = b.car_id
  where b.id = p_id
$$;

GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO anon;
GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO service_role;

CREATE FUNCTION private.cancel_refund(b public.bookings) RETURNS numeric
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(0, private.paid_online(b.id)
                     - case when private.cancel_is_free(b) then 0 else private.late_cancellation_cost(b) end)
$$;

REVOKE ALL ON FUNCTION private.cancel_refund(b public.bookings) FROM PUBLIC;

CREATE FUNCTION private.paid_online(p_booking uuid) RETURNS numeric
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(0, coalesce(sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end), 0))
  from public.payments p
  where p.booking_id = p_booking
    and ((p.kind = 'paypal' and p.status = 'captured') or (p.kind = 'refund' and p.status in ('pending', 'completed')))
$$;

REVOKE ALL ON FUNCTION private.paid_online(p_booking uuid) FROM PUBLIC;

CREATE FUNCTION private.quote_after_payment(p_quote jsonb, p_paid numeric) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case when p_paid > 0 then p_quote || pg_catalog.jsonb_build_object(
      'due_now', p_paid,
      'due_at_pickup', greatest(0, (p_quote ->> 'total')::numeric - p_paid),
      'refund_due', greatest(0, p_paid - (p_quote ->> 'total')::numeric))
    else p_quote end
$$;

REVOKE ALL ON FUNCTION private.quote_after_payment(p_quote jsonb, p_paid numeric) FROM PUBLIC;

CREATE FUNCTION private.quote_paid_booking() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_paid numeric;
begin
  if tg_table_name = 'bookings' then
    if new.quote is distinct from old.quote then
      v_paid := private.paid_online(new.id);
      if v_paid > 0 then
        new.amount_due_now := old.amount_due_now;
        new.quote := private.quote_after_payment(new.quote, v_paid);
      end if;
    end if;
  elsif new.kind = 'change' and new.quote is not null then
    new.quote := private.quote_after_payment(new.quote, private.paid_online(new.booking_id));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.quote_paid_booking() FROM PUBLIC;

CREATE FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_reason text;
  v_key text := 'late-capture-' || p_capture_id;
  v_refund public.payments;
begin
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'record_paypal_capture: unknown booking %', p_booking_id using errcode = 'P0002';
  end if;
  if b.paypal_order_id is null or b.charge_amount is null or b.charge_currency is null then
    raise exception 'record_paypal_capture: booking % has no PayPal order', p_booking_id using errcode = '22023';
  end if;

  -- The money in the ledger, whatever the booking becomes: revenue counts it from now.
  insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method,
      provider_order_id, provider_capture_id, settled_at)
  values (b.id, 'paypal', 'captured', b.charge_amount, b.charge_currency, b.amount_due_now, 'paypal',
      b.paypal_order_id, p_capture_id, now())
  -- settled_at is the capture's: an attempt marked abandoned when the hold lapsed
  -- carries the time it was given up, not when the money came.
  on conflict (provider_order_id) do update set status = 'captured', provider_capture_id = excluded.provider_capture_id,
      failure = null, settled_at = now()
  where payments.status <> 'captured';

  if exists (select 1 from public.payments r where r.refund_key = v_key) then
    return 'refund'; -- decided before
  end if;
  if b.payment_status = 'paid' then
    return 'confirmed'; -- recorded before
  end if;

  if b.status in ('pending', 'expired') then
    -- An expired booking takes its dates again: the hold trigger refuses (409
    -- PGRST, or the exclusion constraint) when someone else holds them now.
    begin
      update public.bookings
      set status = 'confirmed', payment_status = 'paid', payment_method = 'paypal', payment_id = p_capture_id,
          payment_error = null, paypal_closed_at = now()
      where id = b.id;
      return 'confirmed';
    exception when sqlstate 'PGRST' or exclusion_violation then
      v_reason := 'dates_taken';
    end;
  elsif b.status = 'cancelled' then
    v_reason := 'cancelled';
  else -- confirmed, in progress or completed by an administrator meanwhile
    update public.bookings
    set payment_status = 'paid', payment_method = 'paypal', payment_id = p_capture_id, payment_error = null,
        paypal_closed_at = now()
    where id = b.id;
    return 'confirmed';
  end if;

  -- The booking cannot take the money: all of it goes back.
  insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method,
      provider_capture_id, refund_key, note)
  select b.id, 'refund', 'pending', p.amount, p.currency, p.amount_mad, 'paypal', p_capture_id, v_key,
    case v_reason
      when 'dates_taken' then 'Remboursement automatique : paiement PayPal reçu après l''expiration de la réservation, dont les dates ont été reprises'
      else 'Remboursement automatique : paiement PayPal reçu pour une réservation annulée' end
  from public.payments p where p.provider_order_id = b.paypal_order_id
  returning * into v_refund;
  update public.bookings
  set payment_id = p_capture_id, paypal_closed_at = now(),
      payment_error = 'Paiement PayPal ' || p_capture_id || ' reçu trop tard : remboursement intégral automatique'
  where id = b.id
  returning * into b;

  insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
  select k.kind, k.recipient, b.language, b.id::text,
    public.booking_notification_payload(b) || jsonb_build_object('refund', jsonb_build_object(
      'reason', v_reason, 'amount', v_refund.amount, 'currency', v_refund.currency,
      'amount_mad', v_refund.amount_mad, 'capture_id', p_capture_id))
  from (values ('payment_refunded', b.customer_email), ('payment_refunded_agency', null)) as k (kind, recipient);
  perform pg_catalog.pg_notify('notification_outbox', '');
  return 'refund';
end
$$;

COMMENT ON FUNCTION public.record_paypal_capture(uuid, text) IS 'records a PayPal capture, or refunds one that came after the hold lapsed';

REVOKE ALL ON FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) TO service_role;

CREATE FUNCTION public.revenue_by_month(p_from date, p_to date) RETURNS TABLE(month date, online numeric, refunds numeric, counter numeric, received numeric)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select date_trunc('month', p.settled_at at time zone 'Africa/Casablanca')::date,
         coalesce(sum(p.amount_mad) filter (where p.kind = 'paypal'), 0),
         coalesce(sum(p.amount_mad) filter (where p.kind = 'refund'), 0),
         coalesce(sum(p.amount_mad) filter (where p.kind = 'counter'), 0),
         coalesce(sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end), 0)
  from public.payments p
  where ((p.kind = 'paypal' and p.status = 'captured') or (p.kind in ('refund', 'counter') and p.status = 'completed'))
    and (p.settled_at at time zone 'Africa/Casablanca')::date >= p_from
    and (p.settled_at at time zone 'Africa/Casablanca')::date < p_to
  group by 1
  order by 1
$$;

REVOKE ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER bookings_reprice_paid BEFORE UPDATE OF car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option, payment_method ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.quote_paid_booking();

-- ════ schemas/my-booking.sql ════

-- my-booking: "My booking": a traveller manages a booking without an account, through a link mailed
-- to the booking's address (booking_links keeps only hashed tokens; link caps per booking
-- and per recipient). He may update the trip details, cancel (free until the hours of
-- rental_rules, then at the late-cancellation cost) or ask for a change, which an
-- administrator decides (booking_change_requests, realtime for the back office).
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── booking_links ──────────────────────────────────────────────────────────────────────

CREATE TABLE private.booking_links (
    token_hash bytea NOT NULL,
    booking_id uuid NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.booking_links IS '"My booking" links: hashed tokens, so a leaked table opens no booking';

ALTER TABLE ONLY private.booking_links
    ADD CONSTRAINT booking_links_pkey PRIMARY KEY (token_hash);

CREATE INDEX booking_links_expires_idx ON private.booking_links USING btree (expires_at);

ALTER TABLE ONLY private.booking_links
    ADD CONSTRAINT booking_links_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

-- ── my_booking_link_limits ─────────────────────────────────────────────────────────────

CREATE TABLE private.my_booking_link_limits (
    scope text NOT NULL,
    max_links integer NOT NULL,
    per interval NOT NULL,
    CONSTRAINT my_booking_link_limits_max_links_check CHECK ((max_links > 0)),
    CONSTRAINT my_booking_link_limits_per_check CHECK ((per > '00:00:00'::interval)),
    CONSTRAINT my_booking_link_limits_scope_check CHECK ((scope = ANY (ARRAY['booking'::text, 'recipient'::text])))
);

ALTER TABLE ONLY private.my_booking_link_limits
    ADD CONSTRAINT my_booking_link_limits_pkey PRIMARY KEY (scope, per);

COMMENT ON TABLE private.my_booking_link_limits IS 'caps on "My booking" links: at most max_links per window per booking (reference and e-mail asked) or per recipient e-mail';

-- ── my_booking_link_log ────────────────────────────────────────────────────────────────

CREATE TABLE private.my_booking_link_log (
    scope text NOT NULL,
    key bytea NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE INDEX my_booking_link_log_key_idx ON private.my_booking_link_log USING btree (scope, key, at);

-- ── booking_change_requests ────────────────────────────────────────────────────────────

CREATE TABLE public.booking_change_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    kind text NOT NULL,
    state text DEFAULT 'pending'::text NOT NULL,
    car_id bigint,
    start_date date,
    end_date date,
    pickup_time time without time zone,
    return_time time without time zone,
    quote jsonb,
    available boolean,
    message text,
    refund_mad numeric(12,2),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    decided_by uuid,
    CONSTRAINT booking_change_requests_check CHECK (((kind = 'cancellation'::text) OR ((car_id IS NOT NULL) AND (start_date IS NOT NULL) AND (end_date IS NOT NULL)))),
    CONSTRAINT booking_change_requests_kind_check CHECK ((kind = ANY (ARRAY['change'::text, 'cancellation'::text]))),
    CONSTRAINT booking_change_requests_message_check CHECK ((length(message) <= 1000)),
    CONSTRAINT booking_change_requests_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'accepted'::text, 'refused'::text, 'done'::text, 'closed'::text])))
);

COMMENT ON TABLE public.booking_change_requests IS 'a traveller''s asked change of dates or car, decided by an administrator';

ALTER TABLE ONLY public.booking_change_requests REPLICA IDENTITY FULL;

ALTER TABLE ONLY public.booking_change_requests
    ADD CONSTRAINT booking_change_requests_pkey PRIMARY KEY (id);

CREATE INDEX booking_change_requests_booking_idx ON public.booking_change_requests USING btree (booking_id, created_at);

CREATE INDEX booking_change_requests_pending_idx ON public.booking_change_requests USING btree (created_at) WHERE (state = 'pending'::text);

ALTER TABLE ONLY public.booking_change_requests
    ADD CONSTRAINT booking_change_requests_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_change_requests
    ADD CONSTRAINT booking_change_requests_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE SET NULL;

ALTER TABLE public.booking_change_requests ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.agency_created_at(public.booking_change_requests) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select to_char($1.created_at at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')
$_$;

REVOKE ALL ON FUNCTION public.agency_created_at(public.booking_change_requests) FROM PUBLIC;
GRANT ALL ON FUNCTION public.agency_created_at(public.booking_change_requests) TO anon;
GRANT ALL ON FUNCTION public.agency_created_at(public.booking_change_requests) TO authenticated;
GRANT ALL ON FUNCTION public.agency_created_at(public.booking_change_requests) TO service_role;

CREATE TRIGGER change_requests_quote_paid BEFORE INSERT ON public.booking_change_requests FOR EACH ROW EXECUTE FUNCTION private.quote_paid_booking();

CREATE POLICY booking_change_requests_select_admin ON public.booking_change_requests FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.booking_change_requests;

GRANT SELECT ON TABLE public.booking_change_requests TO authenticated;
GRANT ALL ON TABLE public.booking_change_requests TO service_role;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION private.booking_for_token(p_token text, p_lock boolean DEFAULT false) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_id uuid;
  b public.bookings;
begin
  select l.booking_id into v_id from private.booking_links l
  where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')) and l.expires_at > now();
  if v_id is not null then
    if p_lock then
      select * into b from public.bookings where id = v_id for update;
    else
      select * into b from public.bookings where id = v_id;
    end if;
  end if;
  if b.id is null then
    perform private.my_booking_error(401, 'MB001', 'This link is invalid or has expired: ask for a new one');
  end if;
  return b;
end
$$;

REVOKE ALL ON FUNCTION private.booking_for_token(p_token text, p_lock boolean) FROM PUBLIC;

CREATE FUNCTION private.booking_id_for_token(p_token text) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select l.booking_id from private.booking_links l
  where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')) and l.expires_at > now()
$$;

REVOKE ALL ON FUNCTION private.booking_id_for_token(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.booking_id_for_token(p_token text) TO service_role;

CREATE FUNCTION private.cancel_is_free(b public.bookings) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((now() at time zone 'Africa/Casablanca') <= private.free_cancellation_until(b), false)
$$;

REVOKE ALL ON FUNCTION private.cancel_is_free(b public.bookings) FROM PUBLIC;

CREATE FUNCTION private.cancellation_facts(b public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with asked as (
    select r.created_at from public.booking_change_requests r
    where r.booking_id = b.id and r.kind = 'cancellation' and r.created_at = now() -- written by this transaction
    order by r.created_at desc limit 1
  )
  select jsonb_build_object(
    'by', case when exists (select 1 from asked) then 'traveller' else 'agency' end,
    'fee', (select private.late_cancellation_cost(b) from asked a
            where (a.created_at at time zone 'Africa/Casablanca') > private.free_cancellation_until(b)),
    'paid_mad', (select sum(p.amount_mad) from public.payments p
                 where p.booking_id = b.id and p.kind = 'paypal' and p.status = 'captured'),
    'refund_mad', (select sum(p.amount_mad) from public.payments p
                   where p.booking_id = b.id and p.kind = 'refund' and p.status in ('pending', 'completed')))
$$;

REVOKE ALL ON FUNCTION private.cancellation_facts(b public.bookings) FROM PUBLIC;

CREATE FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) RETURNS public.booking_change_requests
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r public.booking_change_requests;
  b public.bookings;
begin
  if not public.is_admin() then
    raise exception 'only administrators decide change requests' using errcode = '42501';
  end if;
  select * into b from public.bookings
  where id = (select q.booking_id from public.booking_change_requests q where q.id = p_id) for update;
  select * into r from public.booking_change_requests where id = p_id for update;
  if not found then
    raise exception 'unknown change request' using errcode = 'P0002';
  end if;
  if p_accept then
    perform private.refuse_change(b);
  end if;
  if r.kind <> 'change' or r.state <> 'pending' then
    perform private.my_booking_error(409, 'MB005', 'This request was already decided', jsonb_build_object('state', r.state));
  end if;
  if p_accept then
    update public.bookings
    set car_id = r.car_id, start_date = r.start_date, end_date = r.end_date,
        pickup_time = r.pickup_time, return_time = r.return_time
    where id = r.booking_id
    returning * into b;
  end if;
  update public.booking_change_requests
  set state = case when p_accept then 'accepted' else 'refused' end, decided_at = now(), decided_by = auth.uid()
  where id = r.id
  returning * into r;
  insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
  values ('change_request_decided', b.customer_email, b.language, b.id::text, public.booking_notification_payload(b)
    || jsonb_build_object('request', pg_catalog.to_jsonb(r)
         || jsonb_build_object('car', (select jsonb_build_object('name', c.name, 'brand', c.brand) from public.cars c where c.id = r.car_id))));
  perform pg_catalog.pg_notify('notification_outbox', '');
  return r;
end
$$;

REVOKE ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) TO anon;
GRANT ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) TO authenticated;
GRANT ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) TO service_role;

CREATE FUNCTION private.free_cancellation_until(b public.bookings) RETURNS timestamp without time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when v.u > (b.created_at at time zone 'Africa/Casablanca') then v.u end
  from (select case when b.quote ? 'free_cancellation_until' then (b.quote ->> 'free_cancellation_until')::timestamp
                    else (b.start_date + b.pickup_time) - pg_catalog.make_interval(hours => r.free_cancellation_hours) end as u
        from public.rental_rules r) v
$$;

REVOKE ALL ON FUNCTION private.free_cancellation_until(b public.bookings) FROM PUBLIC;

CREATE FUNCTION private.late_cancellation_cost(b public.bookings) RETURNS numeric
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((b.quote ->> 'late_cancellation_fee')::numeric, (b.quote ->> 'daily_price')::numeric,
                  round(b.total_price::numeric / greatest(b.days, 1), 2))
$$;

REVOKE ALL ON FUNCTION private.late_cancellation_cost(b public.bookings) FROM PUBLIC;

CREATE FUNCTION public.my_booking(p_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return private.my_booking_view(private.booking_for_token(p_token));
end
$$;

REVOKE ALL ON FUNCTION public.my_booking(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking(p_token text) TO anon;
GRANT ALL ON FUNCTION public.my_booking(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking(p_token text) TO service_role;

CREATE FUNCTION public.my_booking_cancel(p_token text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  if b.status = 'cancelled' then
    return private.my_booking_view(b);
  end if;
  if not private.booking_may(b, 'cancelled', true) then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be cancelled here', jsonb_build_object('status', b.status));
  end if;
  if not private.cancel_is_free(b) then
    perform private.my_booking_error(409, 'MB002', 'Free cancellation has ended: cancelling now costs the stated fee',
      jsonb_build_object('free_until', to_char(private.free_cancellation_until(b), 'YYYY-MM-DD"T"HH24:MI:SS'),
                         'cost', private.late_cancellation_cost(b), 'refund', private.cancel_refund(b)));
  end if;
  -- Two statements: the view (stable) reads the ledger as the cancellation left it.
  b := private.traveller_cancel(b, 0);
  return private.my_booking_view(b);
end
$$;

REVOKE ALL ON FUNCTION public.my_booking_cancel(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_cancel(p_token text) TO anon;
GRANT ALL ON FUNCTION public.my_booking_cancel(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_cancel(p_token text) TO service_role;

CREATE FUNCTION public.my_booking_cancel_late(p_token text, p_fee numeric) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_cost numeric;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  if b.status = 'cancelled' then
    return private.my_booking_view(b);
  end if;
  if not private.booking_may(b, 'cancelled', true) then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be cancelled here', jsonb_build_object('status', b.status));
  end if;
  if private.cancel_is_free(b) then
    -- Two statements: the view (stable) reads the ledger as the cancellation left it.
  b := private.traveller_cancel(b, 0);
  return private.my_booking_view(b);
  end if;
  v_cost := private.late_cancellation_cost(b);
  if p_fee is distinct from v_cost then
    perform private.my_booking_error(409, 'MB002', 'The cost of cancelling is not the one agreed',
      jsonb_build_object('free_until', to_char(private.free_cancellation_until(b), 'YYYY-MM-DD"T"HH24:MI:SS'),
                         'cost', v_cost, 'refund', private.cancel_refund(b)));
  end if;
  b := private.traveller_cancel(b, v_cost);
  return private.my_booking_view(b);
end
$$;

REVOKE ALL ON FUNCTION public.my_booking_cancel_late(p_token text, p_fee numeric) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_cancel_late(p_token text, p_fee numeric) TO anon;
GRANT ALL ON FUNCTION public.my_booking_cancel_late(p_token text, p_fee numeric) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_cancel_late(p_token text, p_fee numeric) TO service_role;

CREATE FUNCTION public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_car bigint;
  v_pickup time;
  v_return time;
  v_free boolean;
begin
  b := private.booking_for_token(p_token, false);
  if not private.booking_may(b, b.status, true) then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be changed',
      jsonb_build_object('status', b.status, 'payment_status', b.payment_status));
  end if;
  v_car := coalesce(p_car_id, b.car_id);
  v_pickup := coalesce(p_pickup_time, b.pickup_time);
  v_return := coalesce(p_return_time, b.return_time);
  if p_start is null or p_end is null or p_start < (now() at time zone 'Africa/Casablanca')::date then
    perform private.my_booking_error(400, 'MB004', 'Choose dates from today on');
  end if;
  perform private.check_booking_rules(p_start, p_end, v_pickup, v_return, public.rental_is_visitor());
  select not exists (
      select 1 from public.bookings o
      where o.car_id = v_car and o.id <> b.id and o.status not in ('cancelled', 'expired')
        and o.hold && tsrange(p_start + v_pickup, p_end + v_return + s.turnaround))
    and not exists (select 1 from public.car_blocks k where k.car_id = v_car and k.start_date <= p_end and k.end_date >= p_start)
    and exists (select 1 from public.cars c where c.id = v_car and c.available
                and (c.not_available_until is null or c.not_available_until <= p_start))
    into v_free
  from public.reservation_settings s;
  return jsonb_build_object(
    'quote', public.quote_booking(v_car, p_start, p_end, b.insurance_type, b.extras, b.payment_option, v_pickup, v_return,
      case when b.payment_method = 'paypal' then 'paypal' end),
    'available', v_free,
    'current_total', b.total_price);
end
$$;

REVOKE ALL ON FUNCTION public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone) TO anon;
GRANT ALL ON FUNCTION public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone) TO service_role;

CREATE FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone, p_message text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_car bigint;
  v_pickup time;
  v_return time;
  v_quote jsonb;
  v_free boolean;
  r public.booking_change_requests;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  if not private.booking_may(b, b.status, true) then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be changed',
      jsonb_build_object('status', b.status, 'payment_status', b.payment_status));
  end if;
  v_car := coalesce(p_car_id, b.car_id);
  v_pickup := coalesce(p_pickup_time, b.pickup_time);
  v_return := coalesce(p_return_time, b.return_time);
  if p_start is null or p_end is null or p_start < (now() at time zone 'Africa/Casablanca')::date then
    perform private.my_booking_error(400, 'MB004', 'Choose dates from today on');
  end if;
  if nullif(btrim(p_message), '') is not null and length(btrim(p_message)) > 1000 then
    perform private.my_booking_error(400, 'MB004', 'The message is too long');
  end if;
  perform private.check_booking_rules(p_start, p_end, v_pickup, v_return, public.rental_is_visitor());
  v_quote := public.quote_booking(v_car, p_start, p_end, b.insurance_type, b.extras, b.payment_option, v_pickup, v_return,
                                  case when b.payment_method = 'paypal' then 'paypal' end);
  select not exists (
      select 1 from public.bookings o
      where o.car_id = v_car and o.id <> b.id and o.status not in ('cancelled', 'expired')
        and o.hold && tsrange(p_start + v_pickup, p_end + v_return + s.turnaround))
    and not exists (select 1 from public.car_blocks k where k.car_id = v_car and k.start_date <= p_end and k.end_date >= p_start)
    and exists (select 1 from public.cars c where c.id = v_car and c.available
                and (c.not_available_until is null or c.not_available_until <= p_start))
    into v_free
  from public.reservation_settings s;

  update public.booking_change_requests set state = 'refused', decided_at = now()
  where booking_id = b.id and kind = 'change' and state = 'pending';
  insert into public.booking_change_requests (booking_id, kind, car_id, start_date, end_date, pickup_time, return_time,
      quote, available, message)
  values (b.id, 'change', v_car, p_start, p_end, v_pickup, v_return, v_quote, v_free, nullif(btrim(p_message), ''))
  returning * into r;
  perform private.tell_agency(b, r);
  return private.my_booking_view(b);
end
$$;

REVOKE ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) TO anon;
GRANT ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) TO service_role;

CREATE FUNCTION private.my_booking_error(p_status integer, p_code text, p_message text, p_details jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise sqlstate 'PGRST' using
    message = jsonb_build_object('code', p_code, 'message', p_message, 'details', p_details, 'hint', null)::text,
    detail = jsonb_build_object('status', p_status)::text;
end
$$;

REVOKE ALL ON FUNCTION private.my_booking_error(p_status integer, p_code text, p_message text, p_details jsonb) FROM PUBLIC;

CREATE FUNCTION private.my_booking_limit(p_kind text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.role() in ('anon', 'authenticated') and not public.is_admin() then
    perform private.take_write_token(p_kind);
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.my_booking_limit(p_kind text) FROM PUBLIC;

CREATE FUNCTION private.my_booking_link_cap(p_scope text, p_key bytea) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  l private.my_booking_link_limits;
  v_n integer;
  v_oldest timestamptz;
begin
  for l in select * from private.my_booking_link_limits where scope = p_scope order by per loop
    select count(*), min(g.at) into v_n, v_oldest from private.my_booking_link_log g
    where g.scope = p_scope and g.key = p_key and g.at > now() - l.per;
    if v_n >= l.max_links then
      raise sqlstate 'PGRST' using
        message = pg_catalog.jsonb_build_object('code', 'PT429',
          'message', case p_scope when 'booking' then 'Too many links asked for this booking: use the latest one e-mailed, or ask again later'
                     else 'Too many links sent to this e-mail address: use the latest one, or ask again later' end,
          'details', pg_catalog.jsonb_build_object('by', p_scope, 'limit', l.max_links, 'per', l.per),
          'hint', 'Check the inbox (and the spam folder) for the link already sent.')::text,
        detail = pg_catalog.jsonb_build_object('status', 429, 'headers', pg_catalog.jsonb_build_object('Retry-After',
          greatest(1, ceil(extract(epoch from v_oldest + l.per - now())))::bigint::text))::text;
    end if;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION private.my_booking_link_cap(p_scope text, p_key bytea) FROM PUBLIC;

CREATE FUNCTION private.my_booking_live_links() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select 3 $$;

REVOKE ALL ON FUNCTION private.my_booking_live_links() FROM PUBLIC;

CREATE FUNCTION public.my_booking_request_link(p_reference text, p_email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ref text := upper(regexp_replace(coalesce(p_reference, ''), '[^A-Za-z0-9]', '', 'g'));
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
  v_pair bytea;
  v_to bytea := sha256(convert_to(private.email_key(p_email), 'UTF8'));
  b public.bookings;
begin
  perform private.my_booking_limit('my_booking_link');
  if v_ref like 'CR%' then
    v_ref := substr(v_ref, 3);
  end if;
  v_pair := sha256(convert_to(v_ref || ' ' || lower(btrim(coalesce(p_email, ''))), 'UTF8'));
  -- Asks for one pair, or to one recipient, wait for each other: two cannot both
  -- slip under a cap.
  perform pg_advisory_xact_lock(1315, hashtext(encode(v_pair, 'hex')));
  perform pg_advisory_xact_lock(1316, hashtext(encode(v_to, 'hex')));
  perform private.my_booking_link_cap('booking', v_pair);
  perform private.my_booking_link_cap('recipient', v_to);
  insert into private.my_booking_link_log (scope, key) values ('booking', v_pair);

  select * into b from public.bookings
  where reference = 'CR-' || left(v_ref, 5) and length(v_ref) = 5
    and lower(customer_email) = lower(btrim(coalesce(p_email, '')));
  if b.id is not null then
    select now() + s.my_booking_link_ttl into v_expires from public.reservation_settings s;
    insert into private.booking_links (token_hash, booking_id, expires_at)
    values (sha256(convert_to(v_token, 'UTF8')), b.id, v_expires);
    delete from private.booking_links l
    where l.booking_id = b.id and l.token_hash not in (
      select k.token_hash from private.booking_links k
      where k.booking_id = b.id and k.expires_at > now()
      order by k.created_at desc, k.expires_at desc
      limit private.my_booking_live_links());
    insert into private.my_booking_link_log (scope, key)
    values ('recipient', sha256(convert_to(private.email_key(b.customer_email), 'UTF8')));
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('booking_link', b.customer_email, b.language, b.id::text,
      public.booking_notification_payload(b) || jsonb_build_object('link', jsonb_build_object(
        'token', v_token, 'expires_at', v_expires)));
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  if random() < 0.01 then -- now and then, forget links and counts long past
    delete from private.booking_links where expires_at < now() - interval '1 day';
    delete from private.my_booking_link_log
    where at < now() - (select max(m.per) from private.my_booking_link_limits m);
  end if;
  return jsonb_build_object('sent', true);
end
$$;

REVOKE ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) TO anon;
GRANT ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) TO service_role;

CREATE FUNCTION public.my_booking_update(p_token text, p_details jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_key text;
  v_phone text := private.phone_as_e164(nullif(btrim(p_details ->> 'customer_phone'), ''));
  v_message text;
  v_constraint text;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  if jsonb_typeof(p_details) is distinct from 'object' then
    perform private.my_booking_error(400, 'MB004', 'Details must be a JSON object');
  end if;
  for v_key in select jsonb_object_keys(p_details) loop
    if v_key not in ('flight_number', 'hotel_name', 'hotel_address', 'arrival_note', 'customer_phone') then
      perform private.my_booking_error(400, 'MB004', format('"%s" cannot be changed here', v_key), jsonb_build_object('field', v_key));
    end if;
  end loop;
  if b.status not in ('pending', 'confirmed') then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be changed', jsonb_build_object('status', b.status));
  end if;
  if p_details ? 'customer_phone' and not public.is_e164(v_phone) then
    perform private.my_booking_error(400, 'MB004', 'This phone number is not valid', jsonb_build_object('field', 'customer_phone'));
  end if;
  update public.bookings set
    flight_number = case when p_details ? 'flight_number'
      then nullif(upper(regexp_replace(p_details ->> 'flight_number', '\s', '', 'g')), '') else flight_number end,
    hotel_name = case when p_details ? 'hotel_name' then nullif(btrim(p_details ->> 'hotel_name'), '') else hotel_name end,
    hotel_address = case when p_details ? 'hotel_address' then nullif(btrim(p_details ->> 'hotel_address'), '') else hotel_address end,
    arrival_note = case when p_details ? 'arrival_note' then nullif(btrim(p_details ->> 'arrival_note'), '') else arrival_note end,
    customer_phone = coalesce(v_phone, customer_phone)
  where id = b.id
  returning * into b;
  return private.my_booking_view(b);
exception when check_violation then
  get stacked diagnostics v_message = message_text, v_constraint = constraint_name;
  if v_constraint like '%length%' then
    perform private.my_booking_error(400, 'MB004', 'A detail is too long');
  end if;
  -- The bounds' messages start with the column they refuse.
  perform private.my_booking_error(400, 'MB004', v_message, jsonb_build_object('field', split_part(v_message, ' ', 1)));
end
$$;

REVOKE ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) TO anon;
GRANT ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) TO service_role;

CREATE FUNCTION private.my_booking_view(b public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'reference', b.reference, 'status', b.status, 'payment_status', b.payment_status,
    'payment_method', b.payment_method, 'language', b.language,
    'car', (select jsonb_build_object('id', c.id, 'name', c.name, 'brand', c.brand, 'category', c.category, 'image', c.image)
            from public.cars c where c.id = b.car_id),
    'start_date', b.start_date, 'end_date', b.end_date, 'pickup_time', b.pickup_time, 'return_time', b.return_time,
    'pickup_location', b.pickup_location, 'return_location', b.return_location,
    'insurance_type', b.insurance_type, 'extras', b.extras, 'payment_option', b.payment_option,
    'days', b.days, 'total_price', b.total_price, 'quote', b.quote,
    'customer_name', b.customer_name, 'customer_phone', b.customer_phone,
    'flight_number', b.flight_number, 'hotel_name', b.hotel_name, 'hotel_address', b.hotel_address,
    'arrival_note', b.arrival_note,
    'payments', coalesce((select jsonb_agg(jsonb_build_object('kind', p.kind, 'status', p.status, 'amount', p.amount,
                   'currency', p.currency, 'amount_mad', p.amount_mad, 'method', p.method, 'created_at', p.created_at,
                   'settled_at', p.settled_at) order by p.created_at)
                 from public.payments p where p.booking_id = b.id), '[]'),
    'cancellation', jsonb_build_object(
      'free_until', to_char(private.free_cancellation_until(b), 'YYYY-MM-DD"T"HH24:MI:SS'),
      'free_now', private.cancel_is_free(b),
      'cost', private.late_cancellation_cost(b),
      'refund', private.cancel_refund(b),
      'possible', private.booking_may(b, 'cancelled', true)),
    'requests', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind, 'state', r.state,
                   'car', (select jsonb_build_object('id', c.id, 'name', c.name, 'brand', c.brand) from public.cars c where c.id = r.car_id),
                   'start_date', r.start_date, 'end_date', r.end_date, 'pickup_time', r.pickup_time, 'return_time', r.return_time,
                   'total', r.quote -> 'total', 'available', r.available, 'created_at', r.created_at, 'decided_at', r.decided_at,
                   'refund_mad', r.refund_mad, 'fee', r.quote -> 'late_cancellation_fee')
                   order by r.created_at)
                 from public.booking_change_requests r where r.booking_id = b.id), '[]'))
$$;

REVOKE ALL ON FUNCTION private.my_booking_view(b public.bookings) FROM PUBLIC;

CREATE FUNCTION private.tell_agency(b public.bookings, r public.booking_change_requests) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into public.notification_outbox (kind, language, subject_id, payload)
  values ('traveller_request_agency', 'fr', b.id::text, public.booking_notification_payload(b)
    || jsonb_build_object('request', pg_catalog.to_jsonb(r)
         || jsonb_build_object('car', (select jsonb_build_object('name', c.name, 'brand', c.brand) from public.cars c where c.id = r.car_id))));
  select pg_catalog.pg_notify('notification_outbox', '');
$$;

REVOKE ALL ON FUNCTION private.tell_agency(b public.bookings, r public.booking_change_requests) FROM PUBLIC;

CREATE FUNCTION private.traveller_cancel(b public.bookings, p_fee numeric) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_refund public.payments;
  r public.booking_change_requests;
  v_late boolean := p_fee > 0;
begin
  update public.bookings
  set status = 'cancelled',
      notes = concat_ws(E'\n', nullif(notes, ''), 'Annulée par le client sur « Ma réservation » le '
                        || to_char(now() at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')
                        || case when v_late then ' (annulation tardive, frais ' || p_fee || ' DH)' else '' end)
  where id = b.id
  returning * into b;

  -- What was captured online and not yet given back (pending refunds count), less
  -- the fee; in the capture's currency in the same proportion.
  insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method,
      provider_capture_id, refund_key, note)
  select b.id, 'refund', 'pending',
    case when v_late then round((p.amount - coalesce(x.amount, 0)) * (left_mad - p_fee) / left_mad, 2)
         else p.amount - coalesce(x.amount, 0) end,
    p.currency, left_mad - p_fee,
    'paypal', p.provider_capture_id, 'traveller-cancel-' || b.id,
    case when v_late then 'Remboursement : annulation tardive par le client sur « Ma réservation », frais de ' || p_fee || ' DH retenus'
         else 'Remboursement : annulation gratuite par le client sur « Ma réservation »' end
  from public.payments p
  left join lateral (select sum(g.amount) as amount, sum(g.amount_mad) as amount_mad from public.payments g
                     where g.booking_id = b.id and g.kind = 'refund' and g.status in ('pending', 'completed')) x on true
  cross join lateral (select p.amount_mad - coalesce(x.amount_mad, 0) as left_mad) l
  where p.booking_id = b.id and p.kind = 'paypal' and p.status = 'captured' and p.provider_capture_id is not null
    and left_mad - p_fee > 0
  order by p.settled_at limit 1
  on conflict (refund_key) do nothing
  returning * into v_refund;

  insert into public.booking_change_requests (booking_id, kind, state, refund_mad, quote, decided_at)
  values (b.id, 'cancellation', 'done', v_refund.amount_mad,
          case when v_late then jsonb_build_object('late_cancellation_fee', p_fee) end, now())
  returning * into r;
  perform private.tell_agency(b, r);
  if v_refund.id is not null then
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('payment_refunded', b.customer_email, b.language, b.id::text,
      public.booking_notification_payload(b) || jsonb_build_object('refund', jsonb_build_object(
        'reason', case when v_late then 'traveller_cancelled_late' else 'traveller_cancelled' end,
        'amount', v_refund.amount, 'currency', v_refund.currency,
        'amount_mad', v_refund.amount_mad, 'capture_id', v_refund.provider_capture_id, 'fee', p_fee)));
  end if;
  return b;
end
$$;

REVOKE ALL ON FUNCTION private.traveller_cancel(b public.bookings, p_fee numeric) FROM PUBLIC;

-- ════ schemas/messages.sql ════

-- messages: What visitors send outside a booking: contact messages (one per form send: the browser
-- picks the id, so a resend is stored once; status moves new -> read -> replied ->
-- archived) and WhatsApp clicks (counted per car for the back office).
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── contacts ───────────────────────────────────────────────────────────────────────────

CREATE TABLE public.contacts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    phone text,
    subject text NOT NULL,
    message text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contacts_email_check CHECK ((email ~ '^[^@[:space:]]+@[^@[:space:]]+$'::text)),
    CONSTRAINT contacts_message_check CHECK ((btrim(message) <> ''::text)),
    CONSTRAINT contacts_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT contacts_status_check CHECK ((status = ANY (ARRAY['new'::text, 'read'::text, 'replied'::text, 'archived'::text]))),
    CONSTRAINT contacts_subject_check CHECK ((btrim(subject) <> ''::text))
);

COMMENT ON TABLE public.contacts IS 'messages sent by the contact form';

ALTER TABLE ONLY public.contacts REPLICA IDENTITY FULL;

ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_pkey PRIMARY KEY (id);

CREATE INDEX contacts_status_created_at_idx ON public.contacts USING btree (status, created_at DESC);

CREATE INDEX contacts_created_at_idx ON public.contacts USING btree (created_at DESC);

ALTER TABLE public.contacts ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.agency_created_at(public.contacts) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select to_char($1.created_at at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')
$_$;

REVOKE ALL ON FUNCTION public.agency_created_at(public.contacts) FROM PUBLIC;
GRANT ALL ON FUNCTION public.agency_created_at(public.contacts) TO anon;
GRANT ALL ON FUNCTION public.agency_created_at(public.contacts) TO authenticated;
GRANT ALL ON FUNCTION public.agency_created_at(public.contacts) TO service_role;

CREATE FUNCTION public.contacts_status_flow() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

GRANT ALL ON FUNCTION public.contacts_status_flow() TO anon;
GRANT ALL ON FUNCTION public.contacts_status_flow() TO authenticated;
GRANT ALL ON FUNCTION public.contacts_status_flow() TO service_role;

CREATE TRIGGER contacts_set_updated_at BEFORE INSERT OR UPDATE ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER contacts_status_flow BEFORE INSERT OR UPDATE OF status ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.contacts_status_flow();

CREATE TRIGGER contacts_write_limit BEFORE INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();

CREATE POLICY contacts_delete_admin ON public.contacts FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY contacts_insert_public ON public.contacts FOR INSERT TO anon, authenticated WITH CHECK ((status = 'new'::text));

CREATE POLICY contacts_select_admin ON public.contacts FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY contacts_update_admin ON public.contacts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.contacts;

GRANT SELECT,DELETE ON TABLE public.contacts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.contacts TO service_role;

GRANT INSERT(id) ON TABLE public.contacts TO anon;
GRANT INSERT(id) ON TABLE public.contacts TO authenticated;

GRANT INSERT(name) ON TABLE public.contacts TO anon;
GRANT INSERT(name) ON TABLE public.contacts TO authenticated;

GRANT INSERT(email) ON TABLE public.contacts TO anon;
GRANT INSERT(email) ON TABLE public.contacts TO authenticated;

GRANT INSERT(phone) ON TABLE public.contacts TO anon;
GRANT INSERT(phone) ON TABLE public.contacts TO authenticated;

GRANT INSERT(subject) ON TABLE public.contacts TO anon;
GRANT INSERT(subject) ON TABLE public.contacts TO authenticated;

GRANT INSERT(message) ON TABLE public.contacts TO anon;
GRANT INSERT(message) ON TABLE public.contacts TO authenticated;

GRANT INSERT(status) ON TABLE public.contacts TO anon;
GRANT INSERT(status),UPDATE(status) ON TABLE public.contacts TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.contacts TO authenticated;

-- ── whatsapp_clicks ────────────────────────────────────────────────────────────────────

CREATE TABLE public.whatsapp_clicks (
    id bigint NOT NULL,
    car_id bigint,
    user_agent text,
    ip_address inet,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT whatsapp_clicks_user_agent_check CHECK ((char_length(user_agent) <= 1000))
);

COMMENT ON TABLE public.whatsapp_clicks IS 'clicks on a car''s WhatsApp button, counted for the back office';

ALTER TABLE public.whatsapp_clicks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.whatsapp_clicks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Data for Name: admin_settings; Type: TABLE DATA; Schema: private; Owner: -
--

INSERT INTO private.admin_settings (id, mfa_required, updated_at) VALUES (true, true, '2026-12-07 20:42:41.989114+00');


--
-- Data for Name: booking_links; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: my_booking_link_limits; Type: TABLE DATA; Schema: private; Owner: -
--

INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('booking', 3, '00:15:00');
INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('booking', 10, '1 day');
INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('recipient', 5, '00:15:00');
INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('recipient', 20, '1 day');


--
-- Data for Name: my_booking_link_log; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: pickup_reminders; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: review_links; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: write_buckets; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: write_limits; Type: TABLE DATA; Schema: private; Owner: -
--

INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('contacts', 5, '00:10:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('bookings', 10, '01:00:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('paypal_orders', 10, '01:00:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('whatsapp_clicks', 60, '01:00:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('my_booking_link', 10, '00:01:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('my_booking_change', 20, '00:10:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('car_review', 10, '00:10:00');


--
-- Data for Name: blog_posts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: booking_change_requests; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: booking_options; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('basic', 'insurance', 0, true, 1, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('premium', 'insurance', 75, true, 2, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('platinum', 'insurance', 120, true, 3, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('gps', 'extra', 50, true, 10, 'gps_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('wifi', 'extra', 50, true, 11, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('childSeat', 'extra', 50, true, 12, 'baby_seat_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('additionalDriver', 'extra', 50, true, 13, 'second_driver_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('roadAssistance', 'extra', 350, false, 14, 'roadside_assistance_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('carFridge', 'extra', 35, true, 15, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('jawazPass', 'extra', 50, true, 16, NULL);


--
-- Data for Name: booking_transitions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'pending', true, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'confirmed', false, false, 'booking_confirmed');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'confirmed', true, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'in_progress', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'completed', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('in_progress', 'confirmed', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('in_progress', 'completed', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('completed', 'in_progress', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('cancelled', 'pending', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('cancelled', 'confirmed', false, false, 'booking_confirmed');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('expired', 'pending', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('expired', 'confirmed', false, false, 'booking_confirmed');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('expired', 'cancelled', false, true, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'cancelled', true, true, 'booking_cancelled');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'cancelled', true, true, 'booking_cancelled');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'expired', false, true, 'hold_expired');


--
-- Data for Name: bookings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: car_blocks; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: car_images; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: car_reviews; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: cars; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: category_deposits; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_deposits (category, amount) VALUES ('Économique', 3000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Compact', 4000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Berline', 6000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Premium', 10000);
INSERT INTO public.category_deposits (category, amount) VALUES ('SUV', 8000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Utilitaire', 6000);


--
-- Data for Name: category_excess; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Économique', 'basic', 6000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Économique', 'premium', 1500);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Économique', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Compact', 'basic', 8000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Compact', 'premium', 2000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Compact', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Berline', 'basic', 12000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Berline', 'premium', 3000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Berline', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Premium', 'basic', 20000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Premium', 'premium', 5000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Premium', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('SUV', 'basic', 16000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('SUV', 'premium', 4000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('SUV', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Utilitaire', 'basic', 12000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Utilitaire', 'premium', 3000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Utilitaire', 'platinum', 0);


--
-- Data for Name: category_key_facts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Économique', NULL, 'same_to_same', 21, 2, NULL);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Compact', NULL, 'same_to_same', 21, 2, NULL);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Berline', NULL, 'same_to_same', 23, 2, NULL);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Premium', 300, 'full_to_full', 25, 3, 3.00);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('SUV', 300, 'same_to_same', 25, 3, 2.50);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Utilitaire', 250, 'same_to_same', 23, 2, 2.00);


--
-- Data for Name: contacts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: deleted_bookings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: notification_outbox; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: payment_options; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payment_options (key, discount_percent, due_now_percent, "position") VALUES ('full', 10, 100, 1);
INSERT INTO public.payment_options (key, discount_percent, due_now_percent, "position") VALUES ('half', 5, 50, 2);
INSERT INTO public.payment_options (key, discount_percent, due_now_percent, "position") VALUES ('reserve', 0, 20, 3);


--
-- Data for Name: payments; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: profiles; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: rental_rules; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rental_rules (id, period_grace, longest_rental_days, earliest_pickup_days, free_cancellation_hours, late_cancellation_days, terms_version) VALUES (true, '00:59:00', 90, 0, 24, 1, '2026-11-01');


--
-- Data for Name: reservation_settings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.reservation_settings (id, turnaround, paypal_hold, request_hold, holds_per_address, holds_per_email, holds_per_phone, whatsapp_fleet_share, long_hold, long_hold_after_days, long_hold_rental_days, max_days_ahead, my_booking_link_ttl, review_link_ttl) VALUES (true, '02:00:00', '00:30:00', '24:00:00', 3, 2, 2, 0.60, '06:00:00', 60, 14, 365, '01:00:00', '60 days');


--
-- Data for Name: whatsapp_clicks; Type: TABLE DATA; Schema: public; Owner: -
--

ALTER TABLE ONLY public.whatsapp_clicks
    ADD CONSTRAINT whatsapp_clicks_pkey PRIMARY KEY (id);

CREATE INDEX whatsapp_clicks_created_at_idx ON public.whatsapp_clicks USING btree (created_at);

CREATE INDEX whatsapp_clicks_car_id_idx ON public.whatsapp_clicks USING btree (car_id);

ALTER TABLE ONLY public.whatsapp_clicks
    ADD CONSTRAINT whatsapp_clicks_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE SET NULL;

ALTER TABLE public.whatsapp_clicks ENABLE ROW LEVEL SECURITY;

CREATE TRIGGER whatsapp_clicks_write_limit BEFORE INSERT ON public.whatsapp_clicks FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();

CREATE POLICY whatsapp_clicks_insert_public ON public.whatsapp_clicks FOR INSERT TO anon, authenticated WITH CHECK (true);

CREATE POLICY whatsapp_clicks_select_admin ON public.whatsapp_clicks FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.whatsapp_clicks TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.whatsapp_clicks TO service_role;

GRANT INSERT(car_id) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(car_id) ON TABLE public.whatsapp_clicks TO authenticated;

GRANT INSERT(user_agent) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(user_agent) ON TABLE public.whatsapp_clicks TO authenticated;

GRANT INSERT(ip_address) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(ip_address) ON TABLE public.whatsapp_clicks TO authenticated;

GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO service_role;


--
-- PostgreSQL database dump complete
--


-- ════ schemas/notifications.sql ════

-- notifications: The outbox: rows the database writes in the same transaction as the event (a booking
-- made, moved, paid, a message received), which the server's notification worker mails.
-- The payload comes from booking_notification_payload, so the e-mails state the price
-- list and terms the database used. Pickup reminders are queued once per booking.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── notification_outbox ────────────────────────────────────────────────────────────────

CREATE TABLE public.notification_outbox (
    id bigint NOT NULL,
    kind text NOT NULL,
    recipient text,
    language text DEFAULT 'fr'::text NOT NULL,
    subject_id text NOT NULL,
    payload jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    CONSTRAINT notification_outbox_kind_check CHECK ((kind = ANY ('{booking_cancelled,booking_confirmed,booking_created,booking_link,booking_requested,change_request_decided,contact_created,hold_expired,payment_refunded,payment_refunded_agency,pickup_reminder,traveller_request_agency,review_request}'::text[]))),
    CONSTRAINT notification_outbox_language_check CHECK ((language = ANY (ARRAY['fr'::text, 'en'::text, 'ar'::text]))),
    CONSTRAINT notification_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'logged'::text, 'skipped'::text])))
);

COMMENT ON TABLE public.notification_outbox IS 'e-mails to send, written in the transaction of their event; the server''s worker sends them';

ALTER TABLE public.notification_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.notification_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.notification_outbox
    ADD CONSTRAINT notification_outbox_pkey PRIMARY KEY (id);

CREATE INDEX notification_outbox_due_idx ON public.notification_outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);

CREATE INDEX notification_outbox_subject_idx ON public.notification_outbox USING btree (subject_id);

ALTER TABLE public.notification_outbox ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.outbox_my_booking_link() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  b public.bookings;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
begin
  if new.subject_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return new;
  end if;
  select * into b from public.bookings where id = new.subject_id::uuid;
  if b.id is null or lower(btrim(b.customer_email)) <> lower(btrim(new.recipient)) then
    return new; -- a link goes only to the address the booking was made with
  end if;
  select greatest(now() + s.my_booking_link_ttl,
                  ((b.end_date + b.return_time) at time zone 'Africa/Casablanca') + private.my_booking_mail_link_after())
  into v_expires from public.reservation_settings s;
  insert into private.booking_links (token_hash, booking_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), b.id, v_expires);
  delete from private.booking_links l
  where l.booking_id = b.id and l.token_hash not in (
    select k.token_hash from private.booking_links k
    where k.booking_id = b.id and k.expires_at > now()
    order by k.created_at desc, k.expires_at desc
    limit private.my_booking_live_links());
  new.payload := new.payload || jsonb_build_object('link', jsonb_build_object('token', v_token, 'expires_at', v_expires));
  return new;
end
$_$;

REVOKE ALL ON FUNCTION private.outbox_my_booking_link() FROM PUBLIC;

CREATE TRIGGER notification_outbox_my_booking_link BEFORE INSERT ON public.notification_outbox FOR EACH ROW WHEN (((new.recipient IS NOT NULL) AND (NOT (new.payload ? 'link'::text)))) EXECUTE FUNCTION private.outbox_my_booking_link();

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notification_outbox TO service_role;

GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO service_role;

-- ── pickup_reminders ───────────────────────────────────────────────────────────────────

CREATE TABLE private.pickup_reminders (
    booking_id uuid NOT NULL,
    pickup_at timestamp without time zone NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.pickup_reminders IS 'the bookings already reminded of their pickup (one reminder each)';

ALTER TABLE ONLY private.pickup_reminders
    ADD CONSTRAINT pickup_reminders_pkey PRIMARY KEY (booking_id, pickup_at);

ALTER TABLE ONLY private.pickup_reminders
    ADD CONSTRAINT pickup_reminders_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.booking_notification_payload(b public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (pg_catalog.to_jsonb(b) - 'notes' - 'user_id')
    || pg_catalog.jsonb_build_object('car',
         (select pg_catalog.jsonb_build_object('id', c.id, 'name', c.name, 'brand', c.brand, 'category', c.category)
          from public.cars c where c.id = b.car_id))
    || pg_catalog.jsonb_build_object('extra_keys',
         (select coalesce(pg_catalog.jsonb_agg(o.key order by o.position), '[]')
          from public.booking_options o where o.kind = 'extra'))
    || pg_catalog.jsonb_build_object('payment_terms',
         (select pg_catalog.jsonb_build_object('discount_percent', p.discount_percent, 'due_now_percent', p.due_now_percent)
          from public.payment_options p where p.key = b.payment_option))
$$;

REVOKE ALL ON FUNCTION public.booking_notification_payload(b public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_notification_payload(b public.bookings) TO service_role;

CREATE FUNCTION public.bookings_enqueue_notifications() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_agency boolean;
begin
  if tg_op = 'INSERT' then
    v_agency := new.payment_method is distinct from 'paypal';
  else
    v_agency := (new.payment_method = 'paypal' and new.payment_status = 'paid' and old.payment_status is distinct from 'paid')
             or (old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal');
  end if;
  if v_agency then
    insert into public.notification_outbox (kind, language, subject_id, payload)
    values ('booking_created', new.language, new.id::text, public.booking_notification_payload(new));
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.bookings_enqueue_notifications() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_enqueue_notifications() TO service_role;

CREATE FUNCTION private.bookings_tell_traveller() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_kind text;
  v_extra jsonb := '{}';
begin
  select * into b from public.bookings where id = new.id;
  if b.id is null or b.status is distinct from new.status
     or (tg_op = 'UPDATE' and b.payment_method is distinct from new.payment_method) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    v_kind := case when new.status = 'confirmed' then 'booking_confirmed'
                   when new.status = 'pending' and new.payment_method is distinct from 'paypal' then 'booking_requested' end;
  elsif new.status = 'pending' and old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal' then
    v_kind := 'booking_requested'; -- from the PayPal attempt to a request sent on WhatsApp
  elsif old.status <> new.status then
    select t.tells_traveller into v_kind from public.booking_transitions t
    where t.from_status = old.status and t.to_status = new.status;
    if old.status = 'pending' and new.status in ('cancelled', 'expired') and new.payment_method = 'paypal' then
      v_kind := null; -- a PayPal attempt never paid was never announced: its end is not either
    end if;
  end if;
  if v_kind is null then
    return null;
  end if;
  if v_kind = 'booking_cancelled' then
    v_extra := jsonb_build_object('cancellation', private.cancellation_facts(b));
  end if;
  insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
  values (v_kind, b.customer_email, b.language, b.id::text, public.booking_notification_payload(b) || v_extra);
  perform pg_catalog.pg_notify('notification_outbox', '');
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.bookings_tell_traveller() FROM PUBLIC;

CREATE FUNCTION public.contacts_enqueue_notification() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.notification_outbox (kind, language, subject_id, payload)
  values ('contact_created', 'fr', new.id::text, pg_catalog.to_jsonb(new));
  perform pg_catalog.pg_notify('notification_outbox', '');
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.contacts_enqueue_notification() FROM PUBLIC;
GRANT ALL ON FUNCTION public.contacts_enqueue_notification() TO service_role;

CREATE FUNCTION private.my_booking_mail_link_after() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '30 days' $$;

REVOKE ALL ON FUNCTION private.my_booking_mail_link_after() FROM PUBLIC;

CREATE FUNCTION private.pickup_reminder_before() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '24 hours' $$;

REVOKE ALL ON FUNCTION private.pickup_reminder_before() FROM PUBLIC;

CREATE FUNCTION public.send_pickup_reminders() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_local timestamp := now() at time zone 'Africa/Casablanca';
  v_n integer;
begin
  with due as (
    select b.id, b.start_date + b.pickup_time as pickup_at
    from public.bookings b
    where b.status = 'confirmed'
      and b.start_date between v_local::date and (v_local + private.pickup_reminder_before())::date
      and b.start_date + b.pickup_time > v_local
      and b.start_date + b.pickup_time <= v_local + private.pickup_reminder_before()
      and (b.created_at at time zone 'Africa/Casablanca') < b.start_date + b.pickup_time - private.pickup_reminder_before()
  ), marked as (
    insert into private.pickup_reminders (booking_id, pickup_at)
    select id, pickup_at from due
    on conflict do nothing
    returning booking_id
  ), queued as (
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    select 'pickup_reminder', b.customer_email, b.language, b.id::text, public.booking_notification_payload(b)
    from marked m join public.bookings b on b.id = m.booking_id
    returning 1
  )
  select count(*)::integer into v_n from queued;
  if v_n > 0 then
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return v_n;
end
$$;

REVOKE ALL ON FUNCTION public.send_pickup_reminders() FROM PUBLIC;
GRANT ALL ON FUNCTION public.send_pickup_reminders() TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER bookings_enqueue_notifications AFTER INSERT OR UPDATE OF status, payment_status ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_enqueue_notifications();

CREATE CONSTRAINT TRIGGER bookings_tell_traveller AFTER INSERT OR UPDATE OF status, payment_status, payment_method ON public.bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.bookings_tell_traveller();

CREATE TRIGGER contacts_enqueue_notification AFTER INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.contacts_enqueue_notification();

-- ════ schemas/reviews.sql ════

-- reviews: Travellers' reviews of a car after a completed rental, left through an e-mailed link
-- (review_links), approved by an administrator before anyone sees them; the car's
-- traveller_rating and traveller_review_count are kept from the approved ones, apart
-- from the rating the agency declares.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── car_reviews ────────────────────────────────────────────────────────────────────────

CREATE TABLE public.car_reviews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid,
    car_id bigint NOT NULL,
    stars smallint NOT NULL,
    comment text,
    language text DEFAULT 'fr'::text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT car_reviews_comment_check CHECK (((comment IS NULL) OR ((btrim(comment) <> ''::text) AND (char_length(comment) <= 2000)))),
    CONSTRAINT car_reviews_language_check CHECK ((language = ANY (ARRAY['fr'::text, 'en'::text, 'ar'::text]))),
    CONSTRAINT car_reviews_stars_check CHECK (((stars >= 1) AND (stars <= 5))),
    CONSTRAINT car_reviews_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text])))
);

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_booking_id_key UNIQUE (booking_id);

CREATE INDEX car_reviews_car_approved ON public.car_reviews USING btree (car_id) WHERE (status = 'approved'::text);

CREATE INDEX car_reviews_status_created ON public.car_reviews USING btree (status, created_at DESC);

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE CASCADE;

COMMENT ON TABLE public.car_reviews IS 'a traveller''s rating of the car after a completed rental, left through the e-mailed link (submit_review); public once approved (docs/reviews.md)';

ALTER TABLE public.car_reviews ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.car_reviews_decided() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.status is distinct from old.status then
    new.decided_at := case when new.status = 'pending' then null else now() end;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.car_reviews_decided() FROM PUBLIC;

CREATE FUNCTION private.car_reviews_refresh_car() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.cars c set traveller_review_count = c.traveller_review_count -- recomputed by cars_traveller_figures
  where c.id in (case when tg_op <> 'DELETE' then new.car_id end, case when tg_op <> 'INSERT' then old.car_id end)
    and exists (select 1 from private.car_review_figures(c.id) f
                where (f.rating, f.n) is distinct from (c.traveller_rating, c.traveller_review_count));
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.car_reviews_refresh_car() FROM PUBLIC;

CREATE TRIGGER car_reviews_decided BEFORE UPDATE ON public.car_reviews FOR EACH ROW EXECUTE FUNCTION private.car_reviews_decided();

CREATE TRIGGER car_reviews_refresh_car AFTER INSERT OR DELETE OR UPDATE OF status, car_id, stars ON public.car_reviews FOR EACH ROW EXECUTE FUNCTION private.car_reviews_refresh_car();

CREATE POLICY car_reviews_delete_admin ON public.car_reviews FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY car_reviews_select_approved ON public.car_reviews FOR SELECT TO anon, authenticated USING (((status = 'approved'::text) OR ( SELECT public.is_admin() AS is_admin)));

CREATE POLICY car_reviews_update_admin ON public.car_reviews FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.car_reviews TO anon;
GRANT SELECT,DELETE ON TABLE public.car_reviews TO authenticated;
GRANT ALL ON TABLE public.car_reviews TO service_role;

GRANT UPDATE(status) ON TABLE public.car_reviews TO authenticated;

-- ── review_links ───────────────────────────────────────────────────────────────────────

CREATE TABLE private.review_links (
    token_hash bytea NOT NULL,
    booking_id uuid NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.review_links IS 'review invitation links: hashed tokens, one booking each';

ALTER TABLE ONLY private.review_links
    ADD CONSTRAINT review_links_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY private.review_links
    ADD CONSTRAINT review_links_booking_id_key UNIQUE (booking_id);

ALTER TABLE ONLY private.review_links
    ADD CONSTRAINT review_links_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION private.booking_for_review_token(p_token text, p_lock boolean DEFAULT false) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_id uuid;
  b public.bookings;
begin
  select l.booking_id into v_id from private.review_links l
  where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')) and l.expires_at > now();
  if v_id is not null then
    if p_lock then
      select * into b from public.bookings where id = v_id for update;
    else
      select * into b from public.bookings where id = v_id;
    end if;
  end if;
  if b.id is null then
    perform private.my_booking_error(401, 'RV001', 'This review link is invalid or has expired');
  end if;
  return b;
end
$$;

REVOKE ALL ON FUNCTION private.booking_for_review_token(p_token text, p_lock boolean) FROM PUBLIC;

CREATE FUNCTION private.bookings_review_invitation() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
begin
  if new.customer_email is null or btrim(new.customer_email) = '' or new.car_id is null then
    return null;
  end if;
  select now() + s.review_link_ttl into v_expires from public.reservation_settings s;
  v_expires := coalesce(v_expires, now() + interval '60 days');
  insert into private.review_links (token_hash, booking_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), new.id, v_expires)
  on conflict (booking_id) do nothing;
  if found then
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('review_request', new.customer_email, new.language, new.id::text,
      public.booking_notification_payload(new) || jsonb_build_object('review', jsonb_build_object(
        'token', v_token, 'expires_at', v_expires)));
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.bookings_review_invitation() FROM PUBLIC;

CREATE FUNCTION private.car_review_figures(p_car bigint, OUT rating numeric, OUT n integer) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select round(avg(r.stars), 1), count(*)::integer
  from public.car_reviews r where r.car_id = p_car and r.status = 'approved'
$$;

REVOKE ALL ON FUNCTION private.car_review_figures(p_car bigint, OUT rating numeric, OUT n integer) FROM PUBLIC;

CREATE FUNCTION private.cars_traveller_figures() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select f.rating, f.n into new.traveller_rating, new.traveller_review_count
  from private.car_review_figures(new.id) f;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.cars_traveller_figures() FROM PUBLIC;

CREATE FUNCTION public.review_invitation(p_token text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.review_view(private.booking_for_review_token(p_token))
$$;

REVOKE ALL ON FUNCTION public.review_invitation(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_invitation(p_token text) TO anon;
GRANT ALL ON FUNCTION public.review_invitation(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.review_invitation(p_token text) TO service_role;

CREATE FUNCTION private.review_view(b public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'reference', b.reference, 'status', b.status, 'language', b.language,
    'first_name', split_part(btrim(b.customer_name), ' ', 1),
    'start_date', b.start_date, 'end_date', b.end_date,
    'car', (select jsonb_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'brand', c.brand, 'image', c.image)
            from public.cars c where c.id = b.car_id),
    'review', (select jsonb_build_object('stars', r.stars, 'comment', r.comment, 'status', r.status, 'created_at', r.created_at)
               from public.car_reviews r where r.booking_id = b.id))
$$;

REVOKE ALL ON FUNCTION private.review_view(b public.bookings) FROM PUBLIC;

CREATE FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_comment text := nullif(btrim(coalesce(p_comment, '')), '');
begin
  perform private.my_booking_limit('car_review');
  b := private.booking_for_review_token(p_token, true);
  if p_stars is null or p_stars not between 1 and 5 then
    perform private.my_booking_error(400, 'RV002', 'Give the car from 1 to 5 stars',
      jsonb_build_object('field', 'stars', 'min', 1, 'max', 5));
  end if;
  if char_length(v_comment) > 2000 then
    perform private.my_booking_error(400, 'RV002', 'The comment is too long', jsonb_build_object('field', 'comment', 'max', 2000));
  end if;
  if exists (select 1 from public.car_reviews r where r.booking_id = b.id) then
    perform private.my_booking_error(409, 'RV003', 'This rental was already reviewed');
  end if;
  if b.status <> 'completed' or b.car_id is null then
    perform private.my_booking_error(409, 'RV004', 'Only a completed rental can be reviewed', jsonb_build_object('status', b.status));
  end if;
  insert into public.car_reviews (booking_id, car_id, stars, comment, language)
  values (b.id, b.car_id, p_stars, v_comment, b.language);
  return private.review_view(b);
end
$$;

REVOKE ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) TO anon;
GRANT ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) TO authenticated;
GRANT ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER bookings_review_invitation AFTER UPDATE OF status ON public.bookings FOR EACH ROW WHEN (((new.status = 'completed'::text) AND (old.status IS DISTINCT FROM 'completed'::text))) EXECUTE FUNCTION private.bookings_review_invitation();

CREATE TRIGGER cars_traveller_figures BEFORE INSERT OR UPDATE ON public.cars FOR EACH ROW EXECUTE FUNCTION private.cars_traveller_figures();

-- ════ schemas/content.sql ════

-- content: The public site's content: blog posts (draft or published, translations), the storage
-- buckets of the pictures, and what the page renderer reads: page_data, page_meta,
-- sitemap_paths. notify_page_content tells every server, at commit, which pages to
-- render again when a car, a picture, a post or a rule they show changes.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

INSERT INTO storage.buckets (id, name, owner, owner_id, public, avif_autodetection, file_size_limit, allowed_mime_types, created_at, updated_at) VALUES ('car-images', 'car-images', NULL, NULL, true, false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml}', '2026-11-28 10:57:28.349812+00', '2026-11-28 10:57:28.349812+00');
INSERT INTO storage.buckets (id, name, owner, owner_id, public, avif_autodetection, file_size_limit, allowed_mime_types, created_at, updated_at) VALUES ('blog-images', 'blog-images', NULL, NULL, true, false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml}', '2026-11-28 10:57:28.349812+00', '2026-11-28 10:57:28.349812+00');

-- ── blog_posts ─────────────────────────────────────────────────────────────────────────

CREATE TABLE public.blog_posts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    slug text NOT NULL,
    excerpt text,
    content text,
    featured_image text,
    status text DEFAULT 'draft'::text NOT NULL,
    author text,
    meta_title text,
    meta_description text,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT blog_posts_slug_check CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
    CONSTRAINT blog_posts_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text]))),
    CONSTRAINT blog_posts_title_check CHECK ((btrim(title) <> ''::text)),
    CONSTRAINT blog_posts_translations_valid CHECK (public.translations_valid(translations, ARRAY['title'::text, 'excerpt'::text, 'content'::text, 'tags'::text, 'meta_title'::text, 'meta_description'::text]))
);

COMMENT ON TABLE public.blog_posts IS 'the blog: published posts are public, drafts are the administrators''';

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_slug_key UNIQUE (slug);

CREATE INDEX blog_posts_status_created_at_idx ON public.blog_posts USING btree (status, created_at DESC);

CREATE INDEX blog_posts_created_at_idx ON public.blog_posts USING btree (created_at DESC);

ALTER TABLE public.blog_posts ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.blog_posts_default_slug() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  base text;
  n integer := 1;
begin
  new.tags := coalesce(new.tags, '{}');
  if new.slug is not null and public.slugify(new.slug) <> '' then
    new.slug := public.slugify(new.slug);
    return new;
  end if;
  base := public.slugify(new.title);
  if base = '' then
    base := 'article';
  end if;
  new.slug := base;
  while exists (select 1 from public.blog_posts b where b.slug = new.slug and b.id is distinct from new.id) loop
    n := n + 1;
    new.slug := base || '-' || n;
  end loop;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO anon;
GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO authenticated;
GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO service_role;

CREATE FUNCTION public.notify_page_content() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform pg_notify('page_content', jsonb_build_object('table', tg_table_name)::text);
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.notify_page_content() FROM PUBLIC;

CREATE FUNCTION public.summary_translations(public.blog_posts) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select coalesce(jsonb_object_agg(l.key, jsonb_strip_nulls(jsonb_build_object(
           'title', l.value->'title', 'excerpt', l.value->'excerpt', 'tags', l.value->'tags'))), '{}')
  from jsonb_each($1.translations) l
$_$;

GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO anon;
GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO authenticated;
GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO service_role;

CREATE TRIGGER blog_posts_default_slug BEFORE INSERT OR UPDATE OF slug, tags ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION public.blog_posts_default_slug();

CREATE TRIGGER blog_posts_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.blog_posts FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER blog_posts_set_updated_at BEFORE INSERT OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY blog_posts_delete_admin ON public.blog_posts FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY blog_posts_insert_admin ON public.blog_posts FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

CREATE POLICY blog_posts_select_admin ON public.blog_posts FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY blog_posts_select_published ON public.blog_posts FOR SELECT TO anon, authenticated USING ((status = 'published'::text));

CREATE POLICY blog_posts_update_admin ON public.blog_posts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.blog_posts TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_posts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_posts TO service_role;

-- ── buckets ────────────────────────────────────────────────────────────────────────────

CREATE POLICY buckets_select_admin ON storage.buckets FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY buckets_select_public ON storage.buckets FOR SELECT TO anon, authenticated USING (public);

-- ── objects ────────────────────────────────────────────────────────────────────────────

CREATE POLICY objects_delete_admin ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));

CREATE POLICY objects_insert_admin ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));

CREATE POLICY objects_select_public ON storage.objects FOR SELECT TO anon, authenticated USING ((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])));

CREATE POLICY objects_update_admin ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin))) WITH CHECK (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.page_data(p_path text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with
  car_row as (  -- loadCar: cars?select=*,bookable&slug=eq.{slug}
    select c.*, public.bookable(c) as bookable from public.cars c
    where p_path like '/cars/%' and c.slug = substr(p_path, 7)
  ),
  published as (
    select b from public.blog_posts b where b.status = 'published'
  ),
  summary as (  -- the posts' SUMMARY columns of blog/api.ts, newest first
    select (p.b).slug, jsonb_build_object('id', (p.b).id, 'title', (p.b).title, 'slug', (p.b).slug, 'excerpt', (p.b).excerpt,
             'featured_image', (p.b).featured_image, 'tags', (p.b).tags, 'created_at', (p.b).created_at,
             'summary_translations', public.summary_translations(p.b)) as j,
           row_number() over (order by (p.b).created_at desc) as n
    from published p
  ),
  terms as (  -- rentalTermsApi.ts: rpc rental_terms
    select public.rental_terms() as j
    where p_path in ('/', '/contact', '/conditions-de-location', '/pourquoi-nous') or p_path like '/cars/%'
  )
  select case
    when p_path in ('/', '/vehicles') then (
      select coalesce(jsonb_object_agg(k, v), '{}') from (values
        ('fleet', (select jsonb_agg(to_jsonb(c) || jsonb_build_object('bookable', public.bookable(c)) order by c.id)
                   from public.cars c)),
        ('latestPosts', case when p_path = '/' then
                   (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s where s.n <= 3) end),
        ('rentalTerms', (select t.j from terms t))
      ) as keyed (k, v) where v is not null)
    when p_path like '/cars/%' then jsonb_build_object(
      'car', (select to_jsonb(c) from car_row c),
      'carImages', coalesce((select jsonb_agg(to_jsonb(i) order by i.display_order, i.id)
                             from public.car_images i join car_row c on c.id = i.car_id), '[]'),
      -- loadSuggestions: up to 4 of the same category, else within ±50 DH
      'suggestions', coalesce(
        (select jsonb_agg(j order by id) from (
           select to_jsonb(o) || jsonb_build_object('bookable', public.bookable(o)) as j, o.id
           from public.cars o join car_row c on o.id <> c.id and o.category = c.category
           order by o.id limit 4) same),
        (select jsonb_agg(j order by id) from (
           select to_jsonb(o) || jsonb_build_object('bookable', public.bookable(o)) as j, o.id
           from public.cars o join car_row c on o.id <> c.id and o.price between c.price - 50 and c.price + 50
           order by o.id limit 4) band),
        '[]'),
      'rentalTerms', (select t.j from terms t))
    when p_path = '/blog' then jsonb_build_object(
      'posts', (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s))
    when p_path like '/blog/%' then jsonb_build_object(
      'post', (select to_jsonb(p.b) from published p where (p.b).slug = substr(p_path, 7)),
      'similarPosts', (select coalesce(jsonb_agg(s.j order by s.n), '[]')
                       from (select s.j, s.n from summary s where s.slug <> substr(p_path, 7) order by s.n limit 3) s))
    when p_path in ('/contact', '/pourquoi-nous') then jsonb_build_object('rentalTerms', (select t.j from terms t))
    -- the rental terms and the short-term rental page (rentalRules.ts reads the same columns)
    when p_path in ('/conditions-de-location', '/location-courte-duree') then jsonb_build_object(
      'rentalRules', (select jsonb_build_object('longest_rental_days', r.longest_rental_days,
                                                'earliest_pickup_days', r.earliest_pickup_days,
                                                'free_cancellation_hours', r.free_cancellation_hours)
                      from public.rental_rules r))
      || coalesce((select jsonb_build_object('rentalTerms', t.j) from terms t), '{}')
  end
$$;

COMMENT ON FUNCTION public.page_data(text) IS 'what the page renderer shows for a path: one query, so a page is one read';

GRANT ALL ON FUNCTION public.page_data(p_path text) TO anon;
GRANT ALL ON FUNCTION public.page_data(p_path text) TO authenticated;
GRANT ALL ON FUNCTION public.page_data(p_path text) TO service_role;

CREATE FUNCTION public.page_meta(p_path text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    (select jsonb_build_object(
        'title', c.name || ' — ' || c.brand || ' | Location de voiture Casablanca Aéroport',
        'description', left(coalesce(nullif(c.description, ''),
            c.name || ' ' || c.brand || ' à partir de ' || c.price || ' DH par jour.'), 200),
        'image', c.image,
        'type', 'product')
     from public.cars c
     where p_path = '/cars/' || c.slug),
    (select jsonb_build_object(
        'title', coalesce(nullif(b.meta_title, ''), b.title),
        'description', left(coalesce(nullif(b.meta_description, ''), b.excerpt, ''), 200),
        'image', b.featured_image,
        'type', 'article')
     from public.blog_posts b
     where p_path = '/blog/' || b.slug and b.status = 'published')
  )
$$;

CREATE FUNCTION public.page_meta(p_path text, p_lang text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    (select jsonb_build_object(
        'title', c.name || ' — ' || c.brand || ' | ' || case p_lang
            when 'en' then 'Car rental Casablanca Airport'
            when 'ar' then 'تأجير السيارات في مطار الدار البيضاء'
            else 'Location de voiture Casablanca Aéroport' end,
        'description', left(coalesce(public.translated(c.translations, p_lang, 'description'),
            case p_lang
              when 'en' then c.name || ' ' || c.brand || ' from ' || c.price || ' DH per day.'
              when 'ar' then c.name || ' ' || c.brand || ' ابتداءً من ' || c.price || ' درهم في اليوم.'
              else coalesce(nullif(c.description, ''), c.name || ' ' || c.brand || ' à partir de ' || c.price || ' DH par jour.') end), 200),
        'image', c.image,
        'type', 'product')
     from public.cars c
     where p_path = '/cars/' || c.slug),
    (select jsonb_build_object(
        'title', coalesce(public.translated(b.translations, p_lang, 'meta_title'),
                          public.translated(b.translations, p_lang, 'title'),
                          nullif(b.meta_title, ''), b.title),
        'description', left(coalesce(public.translated(b.translations, p_lang, 'meta_description'),
                                     public.translated(b.translations, p_lang, 'excerpt'),
                                     nullif(b.meta_description, ''), b.excerpt, ''), 200),
        'image', b.featured_image,
        'type', 'article')
     from public.blog_posts b
     where p_path = '/blog/' || b.slug and b.status = 'published')
  )
$$;

GRANT ALL ON FUNCTION public.page_meta(p_path text) TO anon;
GRANT ALL ON FUNCTION public.page_meta(p_path text) TO authenticated;
GRANT ALL ON FUNCTION public.page_meta(p_path text) TO service_role;

GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO anon;
GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO authenticated;
GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO service_role;

CREATE FUNCTION public.sitemap_paths() RETURNS TABLE(path text, lastmod timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p, null::timestamptz
  from unnest(array['/', '/vehicles', '/blog', '/contact', '/notre-agence', '/pourquoi-nous',
                    '/location-courte-duree', '/location-longue-duree',
                    '/conditions-de-location', '/confidentialite', '/mentions-legales']) as p
  union all
  select '/cars/' || slug, updated_at from public.cars
  union all
  select '/blog/' || slug, updated_at from public.blog_posts where status = 'published'
$$;

GRANT ALL ON FUNCTION public.sitemap_paths() TO anon;
GRANT ALL ON FUNCTION public.sitemap_paths() TO authenticated;
GRANT ALL ON FUNCTION public.sitemap_paths() TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER car_images_page_content_truncate AFTER TRUNCATE ON public.car_images FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER cars_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.cars FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER category_deposits_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.category_deposits FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER category_excess_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.category_excess FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER category_key_facts_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.category_key_facts FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER rental_rules_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.rental_rules FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

-- ════ schemas/site-pages.sql ════

-- site-pages: The public pages rendered ahead of visitors, shared by every server of the
-- site. One server renders at a time (an advisory lock, rental/website/pagerender.go) and
-- writes here; every server answers from here through a small in-memory cache, so N
-- servers neither render N times nor keep N copies. Each page is stored once, gzipped:
-- the other encodings are made from it when asked. Only the servers read and write it,
-- as service_role; it is in a schema of its own, never exposed over REST.
set check_function_bodies = off;

create schema site_pages;
revoke all on schema site_pages from public;
grant usage on schema site_pages to service_role;
-- The server prepares its statements as authenticator before switching role.
grant usage on schema site_pages to authenticator;

create table site_pages.pages (
  path        text        not null,               -- '' is the not-found page
  lang        text        not null,
  source_sum  bytea,                              -- what it was rendered from; null: the shell with its meta
  etag        text        not null,               -- of the HTML, quoted
  body        bytea       not null,               -- the HTML, gzip: the one stored form
  stale       boolean     not null default false, -- its data changed since: served with its data marked stale
  rendered_at timestamptz not null default now(),
  primary key (path, lang)
);
comment on table site_pages.pages is 'Public pages rendered ahead of visitors, one row per page and language (rental/website/pagerender.go).';
grant select, insert, update, delete on site_pages.pages to service_role;

-- The schema files turn function-body checks off for the session; later files are checked again.
reset check_function_bodies;

-- Supabase's default grants again (as the platform's migration states them).
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
