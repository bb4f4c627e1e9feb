-- The rental's baseline: its tables, rules, policies and grants, as pg_dump wrote them
-- from a database that had applied the 53 migrations squashed on 2026-01-28 (their text,
-- with the reasons for each table, policy and function, is in git; the last commit with
-- all of them is fb6586f). The platform's part of that schema (roles, auth, storage,
-- realtime) is the binary's own baseline, applied before this project's migrations.
--
-- pg_dump states every object's grants in full. Supabase's default grants on new objects
-- in public (the platform gives anon, authenticated and service_role all privileges on
-- them) would add to those, so they are suspended while this file runs and given back at
-- its end.



SET LOCAL statement_timeout = 0;
SET LOCAL lock_timeout = 0;
SET LOCAL idle_in_transaction_session_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', true);
SET LOCAL check_function_bodies = false;
SET LOCAL xmloption = content;
SET LOCAL client_min_messages = warning;
SET LOCAL row_security = off;


alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

--
-- Name: btree_gist; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA extensions;


--
-- Name: EXTENSION btree_gist; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION btree_gist IS 'support for indexing common datatypes in GiST';


--
-- Name: bookings; Type: TABLE; Schema: public; Owner: -
--

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

ALTER TABLE ONLY public.bookings REPLICA IDENTITY FULL;


--
-- Name: COLUMN bookings.paypal_order_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.paypal_order_id IS 'PayPal Orders v2 id; set by create-paypal-order';


--
-- Name: COLUMN bookings.amount_due_now; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.amount_due_now IS 'MAD charged online now (part of total_price)';


--
-- Name: COLUMN bookings.charge_amount; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.charge_amount IS 'amount_due_now in charge_currency, as sent to PayPal';


--
-- Name: COLUMN bookings.hold; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.hold IS 'set by the database: [pickup, return + turnaround) in Casablanca time';


--
-- Name: COLUMN bookings.hold_expires_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.hold_expires_at IS 'set by the database: when this pending booking expires unless confirmed or paid';


--
-- Name: COLUMN bookings.reference; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.reference IS 'short human reference (CR-XXXXX), set by the database';


--
-- Name: COLUMN bookings.quote; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.quote IS 'quote_booking''s answer when the booking was priced (set by the database)';


--
-- Name: COLUMN bookings.client_ip; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.client_ip IS 'set by the database: the client address the booking was made from (null for the agency, jobs and SQL)';


--
-- Name: COLUMN bookings.paypal_closed_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.paypal_closed_at IS 'when reconciliation found this PayPal order at its end (capture recorded, or past the time PayPal could still capture it)';


--
-- Name: booking_for_token(text, boolean); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: booking_id_for_token(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.booking_id_for_token(p_token text) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select l.booking_id from private.booking_links l
  where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')) and l.expires_at > now()
$$;


--
-- Name: email_key(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.email_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select regexp_replace(lower(btrim(coalesce(p, ''))), '\+[^@]*@', '@')
$$;


--
-- Name: free_cancellation_until(public.bookings); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.free_cancellation_until(b public.bookings) RETURNS timestamp without time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((b.quote ->> 'free_cancellation_until')::timestamp,
                  (b.start_date + b.pickup_time) - pg_catalog.make_interval(hours => r.free_cancellation_hours))
  from public.rental_rules r
$$;


--
-- Name: is_hotel_place(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_hotel_place(p text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(p like 'Hôtel%', false)
$$;


--
-- Name: is_unpaid_hold(public.bookings); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_unpaid_hold(b public.bookings) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select b.status = 'pending' and b.payment_id is null
     and b.payment_status in ('none', 'pending', 'failed')
     and (b.hold_expires_at is null or b.hold_expires_at > now())
$$;


--
-- Name: late_cancellation_cost(public.bookings); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.late_cancellation_cost(b public.bookings) RETURNS numeric
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((b.quote ->> 'late_cancellation_fee')::numeric, (b.quote ->> 'daily_price')::numeric,
                  round(b.total_price::numeric / greatest(b.days, 1), 2))
$$;


--
-- Name: limit_public_writes(); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: my_booking_error(integer, text, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: my_booking_limit(text); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: my_booking_view(public.bookings); Type: FUNCTION; Schema: private; Owner: -
--

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
      'free_now', (now() at time zone 'Africa/Casablanca') <= private.free_cancellation_until(b),
      'cost', private.late_cancellation_cost(b),
      'possible', b.status in ('pending', 'confirmed')),
    'requests', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind, 'state', r.state,
                   'car', (select jsonb_build_object('id', c.id, 'name', c.name, 'brand', c.brand) from public.cars c where c.id = r.car_id),
                   'start_date', r.start_date, 'end_date', r.end_date, 'pickup_time', r.pickup_time, 'return_time', r.return_time,
                   'total', r.quote -> 'total', 'available', r.available, 'created_at', r.created_at, 'decided_at', r.decided_at)
                   order by r.created_at)
                 from public.booking_change_requests r where r.booking_id = b.id), '[]'))
$$;


--
-- Name: new_booking_reference(); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: next_free(bigint, timestamp without time zone, interval, uuid); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: phone_as_e164(text); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: phone_key(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.phone_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select public.phone_key(p)
$$;


--
-- Name: refuse_booking(text, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: take_write_token(text); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: booking_change_requests; Type: TABLE; Schema: public; Owner: -
--

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
    CONSTRAINT booking_change_requests_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'accepted'::text, 'refused'::text, 'done'::text])))
);

ALTER TABLE ONLY public.booking_change_requests REPLICA IDENTITY FULL;


--
-- Name: tell_agency(public.bookings, public.booking_change_requests); Type: FUNCTION; Schema: private; Owner: -
--

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


--
-- Name: admin_customers(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: admin_search_bookings(text); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: archive_deleted_booking(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: blog_posts_default_slug(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: translations_valid(jsonb, text[]); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: cars; Type: TABLE; Schema: public; Owner: -
--

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
    CONSTRAINT cars_brand_check CHECK ((btrim(brand) <> ''::text)),
    CONSTRAINT cars_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text]))),
    CONSTRAINT cars_fuel_check CHECK ((fuel = ANY (ARRAY['gasoline'::text, 'diesel'::text, 'hybrid'::text, 'electric'::text]))),
    CONSTRAINT cars_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT cars_price_check CHECK ((price > 0)),
    CONSTRAINT cars_rating_check CHECK (((rating >= (1)::numeric) AND (rating <= (5)::numeric))),
    CONSTRAINT cars_review_count_check CHECK ((review_count >= 0)),
    CONSTRAINT cars_seats_check CHECK ((seats = ANY (ARRAY[2, 4, 5, 7, 9]))),
    CONSTRAINT cars_slug_check CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
    CONSTRAINT cars_translations_valid CHECK (public.translations_valid(translations, ARRAY['description'::text])),
    CONSTRAINT cars_transmission_check CHECK ((transmission = ANY (ARRAY['manual'::text, 'automatic'::text])))
);


--
-- Name: bookable(public.cars); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookable(public.cars) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select $1.available and ($1.not_available_until is null
    or $1.not_available_until <= (now() at time zone 'Africa/Casablanca')::date)
$_$;


--
-- Name: booking_notification_payload(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: booking_receipt(uuid); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: bookings_bounds(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_bounds() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_today date := (now() at time zone 'Africa/Casablanca')::date;
  v_ahead integer;
begin
  -- The years, for everyone, before the price is computed: a rental to the year
  -- 294276 would otherwise overflow the price (22003) before the constraint speaks.
  if new.start_date < date '2000-01-01' or new.end_date >= date '2100-01-01' then
    raise exception 'booking dates must lie between 2000 and 2099 (% to %)', new.start_date, new.end_date
      using errcode = 'check_violation', constraint = 'bookings_years_check';
  end if;
  if not public.rental_is_visitor() then
    return new;
  end if;
  select s.max_days_ahead into v_ahead from public.reservation_settings s;
  if new.start_date > v_today + v_ahead then
    raise exception 'the pickup date (%) is more than % days ahead', new.start_date, v_ahead
      using errcode = '22023', hint = format('Choose a pickup date until %s.', v_today + v_ahead);
  end if;
  return new;
end
$$;


--
-- Name: bookings_bounds_details(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: bookings_check_rules(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_check_rules() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_rules public.rental_rules;
  v_earliest date;
begin
  if tg_op = 'UPDATE'
     and (new.start_date, new.end_date, new.pickup_time, new.return_time)
         is not distinct from (old.start_date, old.end_date, old.pickup_time, old.return_time) then
    return new;
  end if;
  select * into v_rules from public.rental_rules;
  if new.start_date is not null and new.end_date is not null
     and new.end_date + new.return_time > new.start_date + new.pickup_time
     and public.rental_periods(new.start_date + new.pickup_time, new.end_date + new.return_time) > v_rules.longest_rental_days then
    raise exception 'a rental lasts at most % days', v_rules.longest_rental_days
      using errcode = '22023', hint = 'For a longer rental, contact the agency.';
  end if;
  if tg_op = 'INSERT' and new.start_date is not null and public.rental_is_visitor() then
    v_earliest := (now() at time zone 'Africa/Casablanca')::date + v_rules.earliest_pickup_days;
    if new.start_date < v_earliest then
      raise exception 'the pickup date (%) is before %', new.start_date, v_earliest
        using errcode = '22023', hint = format('Choose a pickup date from %s on.', v_earliest);
    end if;
  end if;
  return new;
end
$$;


--
-- Name: bookings_compute_price(); Type: FUNCTION; Schema: public; Owner: -
--

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
           new.insurance_type, new.extras, new.payment_option)
          is not distinct from
          (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time,
           old.insurance_type, old.extras, old.payment_option) then
      return new;
    end if;
  end if;
  q := public.quote_booking(new.car_id, new.start_date, new.end_date,
                            new.insurance_type, new.extras, new.payment_option,
                            new.pickup_time, new.return_time);
  new.days := (q ->> 'days')::integer;
  new.total_price := (q ->> 'total')::integer;
  new.amount_due_now := (q ->> 'due_now')::numeric;
  new.quote := q;
  return new;
end
$$;


--
-- Name: bookings_enqueue_notifications(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_enqueue_notifications() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_payload jsonb := public.booking_notification_payload(new);
  v_agency boolean := false;
  v_customer boolean := false;
begin
  if tg_op = 'INSERT' then
    v_agency := new.payment_method is distinct from 'paypal';
    v_customer := new.status = 'confirmed';
  else
    v_agency := (new.payment_method = 'paypal' and new.payment_status = 'paid' and old.payment_status is distinct from 'paid')
             or (old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal');
    v_customer := new.status = 'confirmed' and old.status is distinct from 'confirmed';
  end if;
  if v_agency then
    insert into public.notification_outbox (kind, language, subject_id, payload)
    values ('booking_created', new.language, new.id::text, v_payload);
  end if;
  if v_customer then
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('booking_confirmed', new.customer_email, new.language, new.id::text, v_payload);
  end if;
  if v_agency or v_customer then
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;


--
-- Name: bookings_fair_holds(); Type: FUNCTION; Schema: public; Owner: -
--

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
    -- becomes a request of the address it came from, under the same limits.
    new.client_ip := old.client_ip;
    v_ip := old.client_ip;
    if old.payment_method is distinct from 'paypal' or new.payment_method is not distinct from 'paypal' then
      return new;
    end if;
  end if;
  -- A PayPal attempt is left to its own bounds: it holds the car for paypal_hold
  -- (30 minutes) and each one spends a paypal_orders write token.
  if v_ip is null or new.status is distinct from 'pending' or new.payment_method = 'paypal'
     or new.payment_id is not null or new.payment_status not in ('none', 'pending', 'failed') then
    return new;
  end if;
  select * into v_set from public.reservation_settings;
  -- One visitor booking at a time past this point, so that two racing requests
  -- cannot both fit under a limit. It runs before the per-car lock of
  -- bookings_hold (trigger names sort so), which keeps the lock order fixed.
  perform pg_advisory_xact_lock(1314, 0);

  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and b.client_ip = v_ip and b.id <> new.id and private.is_unpaid_hold(b)
    and b.payment_method is distinct from 'paypal';
  if v_n >= v_set.holds_per_address then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings from this address',
      jsonb_build_object('limit', v_set.holds_per_address, 'by', 'address'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.email_key(b.customer_email) = private.email_key(new.customer_email)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b)
    and b.payment_method is distinct from 'paypal';
  if v_n >= v_set.holds_per_email then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this e-mail address',
      jsonb_build_object('limit', v_set.holds_per_email, 'by', 'email'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.phone_key(b.customer_phone) = private.phone_key(new.customer_phone)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b)
    and b.payment_method is distinct from 'paypal';
  if v_n >= v_set.holds_per_phone then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this phone number',
      jsonb_build_object('limit', v_set.holds_per_phone, 'by', 'phone'));
  end if;

  -- The fleet share: visitors' unpaid WhatsApp requests may hold at most
  -- ceil(share x bookable cars) cars over any moment of these dates (a PayPal
  -- attempt pays within minutes; the agency's own bookings are not counted).
  if new.start_date is not null and new.end_date is not null then
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


--
-- Name: bookings_hold(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: bookings_hold_window(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: bookings_reference(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: bookings_terms(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: car_availability(timestamp without time zone, timestamp without time zone, bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint DEFAULT NULL::bigint) RETURNS TABLE(car_id bigint, free boolean, reason text, next_free timestamp without time zone, days integer, total integer, subtotal integer, online_discount_percent integer, deposit integer, free_cancellation_until timestamp without time zone)
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
           round((q.x ->> 'discount_rate')::numeric * 100)::integer,
           (q.x ->> 'deposit')::integer,
           (q.x ->> 'free_cancellation_until')::timestamp
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


--
-- Name: car_calendar(bigint, date, integer); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: cars_default_slug(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: contacts_enqueue_notification(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: contacts_status_flow(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: decide_change_request(uuid, boolean); Type: FUNCTION; Schema: public; Owner: -
--

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
  select * into r from public.booking_change_requests where id = p_id for update;
  if not found then
    raise exception 'unknown change request' using errcode = 'P0002';
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
  else
    select * into b from public.bookings where id = r.booking_id;
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


--
-- Name: expire_booking_holds(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: handle_new_user(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: included_extras(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.included_extras(p_car jsonb) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(o.key order by o.position), '{}')
  from public.booking_options o
  where o.kind = 'extra' and o.included_by is not null and coalesce((p_car ->> o.included_by)::boolean, false)
$$;


--
-- Name: is_admin(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((
    select p.role = 'admin'
       and (coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
            or not exists (select 1 from auth.mfa_factors f
                           where f.user_id = p.id and f.status = 'verified'))
    from public.profiles p where p.id = auth.uid()), false)
$$;


--
-- Name: is_e164(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.is_e164(p text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
  select coalesce(p ~ '^\+[1-9][0-9]{6,14}$', false)
$_$;


--
-- Name: my_booking(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.my_booking(p_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return private.my_booking_view(private.booking_for_token(p_token));
end
$$;


--
-- Name: my_booking_cancel(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.my_booking_cancel(p_token text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_refund public.payments;
  r public.booking_change_requests;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  if b.status = 'cancelled' then
    return private.my_booking_view(b);
  end if;
  if b.status not in ('pending', 'confirmed') then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be cancelled here', jsonb_build_object('status', b.status));
  end if;
  if (now() at time zone 'Africa/Casablanca') > private.free_cancellation_until(b) then
    perform private.my_booking_error(409, 'MB002', 'Free cancellation has ended: contact the agency to cancel',
      jsonb_build_object('free_until', to_char(private.free_cancellation_until(b), 'YYYY-MM-DD"T"HH24:MI:SS'),
                         'cost', private.late_cancellation_cost(b)));
  end if;

  update public.bookings
  set status = 'cancelled',
      notes = concat_ws(E'\n', nullif(notes, ''), 'Annulée par le client sur « Ma réservation » le '
                        || to_char(now() at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI'))
  where id = b.id
  returning * into b;

  -- What was captured online and not yet given back (pending refunds count).
  insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method,
      provider_capture_id, refund_key, note)
  select b.id, 'refund', 'pending', p.amount - coalesce(x.amount, 0), p.currency, p.amount_mad - coalesce(x.amount_mad, 0),
    'paypal', p.provider_capture_id, 'traveller-cancel-' || b.id,
    'Remboursement : annulation gratuite par le client sur « Ma réservation »'
  from public.payments p
  left join lateral (select sum(g.amount) as amount, sum(g.amount_mad) as amount_mad from public.payments g
                     where g.booking_id = b.id and g.kind = 'refund' and g.status in ('pending', 'completed')) x on true
  where p.booking_id = b.id and p.kind = 'paypal' and p.status = 'captured' and p.provider_capture_id is not null
    and p.amount_mad - coalesce(x.amount_mad, 0) > 0
  order by p.settled_at limit 1
  on conflict (refund_key) do nothing
  returning * into v_refund;

  insert into public.booking_change_requests (booking_id, kind, state, refund_mad, decided_at)
  values (b.id, 'cancellation', 'done', v_refund.amount_mad, now())
  returning * into r;
  perform private.tell_agency(b, r);
  if v_refund.id is not null then
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('payment_refunded', b.customer_email, b.language, b.id::text,
      public.booking_notification_payload(b) || jsonb_build_object('refund', jsonb_build_object(
        'reason', 'traveller_cancelled', 'amount', v_refund.amount, 'currency', v_refund.currency,
        'amount_mad', v_refund.amount_mad, 'capture_id', v_refund.provider_capture_id)));
  end if;
  return private.my_booking_view(b);
end
$$;


--
-- Name: my_booking_change_request(text, bigint, date, date, time without time zone, time without time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone, p_message text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_car bigint;
  v_quote jsonb;
  v_free boolean;
  r public.booking_change_requests;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  if b.status not in ('pending', 'confirmed') then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be changed', jsonb_build_object('status', b.status));
  end if;
  v_car := coalesce(p_car_id, b.car_id);
  if p_start is null or p_end is null or p_start < (now() at time zone 'Africa/Casablanca')::date then
    perform private.my_booking_error(400, 'MB004', 'Choose dates from today on');
  end if;
  v_quote := public.quote_booking(v_car, p_start, p_end, b.insurance_type, b.extras, b.payment_option,
                                  coalesce(p_pickup_time, b.pickup_time), coalesce(p_return_time, b.return_time));
  select not exists (
      select 1 from public.bookings o
      where o.car_id = v_car and o.id <> b.id and o.status not in ('cancelled', 'expired')
        and o.hold && tsrange(p_start + coalesce(p_pickup_time, b.pickup_time),
                              p_end + coalesce(p_return_time, b.return_time) + s.turnaround))
    and not exists (select 1 from public.car_blocks k where k.car_id = v_car and k.start_date <= p_end and k.end_date >= p_start)
    and exists (select 1 from public.cars c where c.id = v_car and c.available
                and (c.not_available_until is null or c.not_available_until <= p_start))
    into v_free
  from public.reservation_settings s;

  update public.booking_change_requests set state = 'refused', decided_at = now()
  where booking_id = b.id and kind = 'change' and state = 'pending';
  insert into public.booking_change_requests (booking_id, kind, car_id, start_date, end_date, pickup_time, return_time,
      quote, available, message)
  values (b.id, 'change', v_car, p_start, p_end, coalesce(p_pickup_time, b.pickup_time), coalesce(p_return_time, b.return_time),
      v_quote, v_free, nullif(btrim(p_message), ''))
  returning * into r;
  perform private.tell_agency(b, r);
  return private.my_booking_view(b);
exception when check_violation then
  perform private.my_booking_error(400, 'MB004', 'The message is too long');
end
$$;


--
-- Name: my_booking_request_link(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.my_booking_request_link(p_reference text, p_email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ref text := upper(regexp_replace(coalesce(p_reference, ''), '[^A-Za-z0-9]', '', 'g'));
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
  b public.bookings;
begin
  perform private.my_booking_limit('my_booking_link');
  if v_ref like 'CR%' then
    v_ref := substr(v_ref, 3);
  end if;
  select * into b from public.bookings
  where reference = 'CR-' || left(v_ref, 5) and length(v_ref) = 5
    and lower(customer_email) = lower(btrim(coalesce(p_email, '')));
  if b.id is not null then
    select now() + s.my_booking_link_ttl into v_expires from public.reservation_settings s;
    insert into private.booking_links (token_hash, booking_id, expires_at)
    values (sha256(convert_to(v_token, 'UTF8')), b.id, v_expires);
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('booking_link', b.customer_email, b.language, b.id::text,
      public.booking_notification_payload(b) || jsonb_build_object('link', jsonb_build_object(
        'token', v_token, 'expires_at', v_expires)));
    perform pg_catalog.pg_notify('notification_outbox', '');
    if random() < 0.01 then -- now and then, forget links long expired
      delete from private.booking_links where expires_at < now() - interval '1 day';
    end if;
  end if;
  return jsonb_build_object('sent', true);
end
$$;


--
-- Name: my_booking_update(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: notify_car_pictures(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: notify_page_content(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.notify_page_content() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform pg_notify('page_content', jsonb_build_object('table', tg_table_name)::text);
  return null;
end
$$;


--
-- Name: page_data(text); Type: FUNCTION; Schema: public; Owner: -
--

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
  )
  select case
    when p_path in ('/', '/vehicles') then (
      select coalesce(jsonb_object_agg(k, v), '{}') from (values
        ('fleet', (select jsonb_agg(to_jsonb(c) || jsonb_build_object('bookable', public.bookable(c)) order by c.id)
                   from public.cars c)),
        ('latestPosts', case when p_path = '/' then
                   (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s where s.n <= 3) end)
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
        '[]'))
    when p_path = '/blog' then jsonb_build_object(
      'posts', (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s))
    when p_path like '/blog/%' then jsonb_build_object(
      'post', (select to_jsonb(p.b) from published p where (p.b).slug = substr(p_path, 7)),
      'similarPosts', (select coalesce(jsonb_agg(s.j order by s.n), '[]')
                       from (select s.j, s.n from summary s where s.slug <> substr(p_path, 7) order by s.n limit 3) s))
    -- the rental terms and the short-term rental page (rentalRules.ts reads the same columns)
    when p_path in ('/conditions-de-location', '/location-courte-duree') then jsonb_build_object(
      'rentalRules', (select jsonb_build_object('longest_rental_days', r.longest_rental_days,
                                                'earliest_pickup_days', r.earliest_pickup_days,
                                                'free_cancellation_hours', r.free_cancellation_hours)
                      from public.rental_rules r))
  end
$$;


--
-- Name: page_meta(text); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: page_meta(text, text); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: payments_after_counter(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: payments_before_insert(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: phone_key(text); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: profiles_guard_role(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: quote_booking(bigint, date, date, text, jsonb, text, time without time zone, time without time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text DEFAULT 'basic'::text, p_extras jsonb DEFAULT '{}'::jsonb, p_payment_option text DEFAULT 'full'::text, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone) RETURNS jsonb
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
  v_total integer;
  v_due_now numeric;
  v_rules public.rental_rules;
  v_facts public.category_key_facts;
  v_insurance_key text;
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

  select * into v_facts from public.category_key_facts f where f.category = v_car.category;

  v_subtotal := v_days * v_car.price + v_insurance + v_extras;
  v_total := round(v_subtotal * (100 - v_pay.discount_percent) / 100.0)::integer;
  v_due_now := round(v_total * v_pay.due_now_percent / 100.0, 2);
  return jsonb_build_object(
    'days', v_days,
    'daily_price', v_car.price,
    'base', v_days * v_car.price,
    'insurance', v_insurance,
    'extras', v_extras,
    'included', to_jsonb(v_included),
    'subtotal', v_subtotal,
    'discount_rate', round(v_pay.discount_percent / 100.0, 2),
    'discount', v_subtotal - v_total,
    'total', v_total,
    'due_now_percent', v_pay.due_now_percent,
    'due_now', v_due_now,
    'due_at_pickup', v_total - v_due_now,
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_car.category), 0),
    -- local time (Casablanca), as the pickup
    'free_cancellation_until', to_char(p_start + coalesce(p_pickup_time, p_return_time, time '10:00')
                                       - make_interval(hours => v_rules.free_cancellation_hours), 'YYYY-MM-DD"T"HH24:MI:SS'),
    -- what cancelling after that moment costs: the first days at the daily price, never more than the total
    'late_cancellation_days', v_rules.late_cancellation_days,
    'late_cancellation_fee', least(v_total, least(v_rules.late_cancellation_days, v_days) * v_car.price),
    -- the key facts of the car's category, with the excess of the chosen insurance
    -- (null when the agency has not set one: nothing is claimed rather than a zero excess)
    'excess', (select x.amount from public.category_excess x
               where x.category = v_car.category and x.insurance = v_insurance_key),
    'mileage_km_per_day', v_facts.mileage_km_per_day,
    'fuel_policy', v_facts.fuel_policy,
    'min_driver_age', v_facts.min_driver_age,
    'min_licence_years', v_facts.min_licence_years,
    -- the rental terms this quote is made under (a visitor's booking sends it back as accepted)
    'terms_version', v_rules.terms_version);
end
$$;


--
-- Name: record_paypal_capture(uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: release_holds(uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: rental_is_visitor(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.rental_is_visitor() RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select nullif(current_setting('request.client_ip', true), '') is not null and not public.is_admin()
$$;


--
-- Name: rental_periods(timestamp without time zone, timestamp without time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(1, ceil(extract(epoch from (p_return - p_pickup - r.period_grace)) / 86400)::integer)
  from public.rental_rules r
$$;


--
-- Name: revenue_by_month(date, date); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: set_updated_at(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: sitemap_paths(); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: slugify(text); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: blog_posts; Type: TABLE; Schema: public; Owner: -
--

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


--
-- Name: summary_translations(public.blog_posts); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.summary_translations(public.blog_posts) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select coalesce(jsonb_object_agg(l.key, jsonb_strip_nulls(jsonb_build_object(
           'title', l.value->'title', 'excerpt', l.value->'excerpt', 'tags', l.value->'tags'))), '{}')
  from jsonb_each($1.translations) l
$_$;


--
-- Name: suspicious_holds(integer); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: sync_profile_email(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sync_profile_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;


--
-- Name: translated(jsonb, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.translated(t jsonb, lang text, field text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select nullif(btrim(t->lang->>field), '')
$$;


--
-- Name: booking_links; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.booking_links (
    token_hash bytea NOT NULL,
    booking_id uuid NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: write_buckets; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.write_buckets (
    key text NOT NULL,
    tokens double precision NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: write_limits; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.write_limits (
    kind text NOT NULL,
    max_burst integer NOT NULL,
    per interval NOT NULL,
    CONSTRAINT write_limits_max_burst_check CHECK ((max_burst > 0)),
    CONSTRAINT write_limits_per_check CHECK ((per > '00:00:00'::interval))
);


--
-- Name: booking_options; Type: TABLE; Schema: public; Owner: -
--

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


--
-- Name: COLUMN booking_options.included_by; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_options.included_by IS 'the boolean column of public.cars that, when true, includes this extra at no charge';


--
-- Name: car_blocks; Type: TABLE; Schema: public; Owner: -
--

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


--
-- Name: car_blocks_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.car_blocks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.car_blocks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: car_images; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.car_images (
    id bigint NOT NULL,
    car_id bigint NOT NULL,
    image_url text NOT NULL,
    alt_text text,
    display_order integer DEFAULT 0 NOT NULL
);


--
-- Name: car_images_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.car_images ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.car_images_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: cars_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.cars ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.cars_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: category_deposits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.category_deposits (
    category text NOT NULL,
    amount integer NOT NULL,
    CONSTRAINT category_deposits_amount_check CHECK ((amount >= 0)),
    CONSTRAINT category_deposits_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text])))
);


--
-- Name: category_excess; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.category_excess (
    category text NOT NULL,
    insurance text NOT NULL,
    amount integer NOT NULL,
    CONSTRAINT category_excess_amount_check CHECK ((amount >= 0)),
    CONSTRAINT category_excess_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text])))
);


--
-- Name: category_key_facts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.category_key_facts (
    category text NOT NULL,
    mileage_km_per_day integer,
    fuel_policy text DEFAULT 'same_to_same'::text NOT NULL,
    min_driver_age integer DEFAULT 21 NOT NULL,
    min_licence_years integer DEFAULT 2 NOT NULL,
    CONSTRAINT category_key_facts_category_check CHECK ((category = ANY (ARRAY['Économique'::text, 'Compact'::text, 'Berline'::text, 'Premium'::text, 'SUV'::text, 'Utilitaire'::text]))),
    CONSTRAINT category_key_facts_fuel_policy_check CHECK ((fuel_policy = ANY (ARRAY['same_to_same'::text, 'full_to_full'::text]))),
    CONSTRAINT category_key_facts_mileage_km_per_day_check CHECK ((mileage_km_per_day > 0)),
    CONSTRAINT category_key_facts_min_driver_age_check CHECK (((min_driver_age >= 18) AND (min_driver_age <= 99))),
    CONSTRAINT category_key_facts_min_licence_years_check CHECK (((min_licence_years >= 0) AND (min_licence_years <= 60)))
);


--
-- Name: contacts; Type: TABLE; Schema: public; Owner: -
--

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

ALTER TABLE ONLY public.contacts REPLICA IDENTITY FULL;


--
-- Name: deleted_bookings; Type: TABLE; Schema: public; Owner: -
--

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


--
-- Name: deleted_bookings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.deleted_bookings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.deleted_bookings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: notification_outbox; Type: TABLE; Schema: public; Owner: -
--

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
    CONSTRAINT notification_outbox_kind_check CHECK ((kind = ANY (ARRAY['booking_created'::text, 'contact_created'::text, 'booking_confirmed'::text, 'payment_refunded'::text, 'payment_refunded_agency'::text, 'booking_link'::text, 'change_request_decided'::text, 'traveller_request_agency'::text]))),
    CONSTRAINT notification_outbox_language_check CHECK ((language = ANY (ARRAY['fr'::text, 'en'::text, 'ar'::text]))),
    CONSTRAINT notification_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'logged'::text, 'skipped'::text])))
);


--
-- Name: notification_outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.notification_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.notification_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: payment_options; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_options (
    key text NOT NULL,
    discount_percent integer NOT NULL,
    due_now_percent integer NOT NULL,
    "position" integer DEFAULT 0 NOT NULL,
    CONSTRAINT payment_options_discount_percent_check CHECK (((discount_percent >= 0) AND (discount_percent <= 100))),
    CONSTRAINT payment_options_due_now_percent_check CHECK (((due_now_percent >= 1) AND (due_now_percent <= 100)))
);


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

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

ALTER TABLE ONLY public.payments REPLICA IDENTITY FULL;


--
-- Name: profiles; Type: TABLE; Schema: public; Owner: -
--

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


--
-- Name: rental_rules; Type: TABLE; Schema: public; Owner: -
--

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


--
-- Name: reservation_settings; Type: TABLE; Schema: public; Owner: -
--

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
    CONSTRAINT reservation_settings_turnaround_check CHECK ((turnaround >= '00:00:00'::interval)),
    CONSTRAINT reservation_settings_whatsapp_fleet_share_check CHECK (((whatsapp_fleet_share > (0)::numeric) AND (whatsapp_fleet_share <= (1)::numeric)))
);


--
-- Name: whatsapp_clicks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.whatsapp_clicks (
    id bigint NOT NULL,
    car_id bigint,
    user_agent text,
    ip_address inet,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT whatsapp_clicks_user_agent_check CHECK ((char_length(user_agent) <= 1000))
);


--
-- Name: whatsapp_clicks_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.whatsapp_clicks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.whatsapp_clicks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Data for Name: booking_links; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: write_buckets; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: write_limits; Type: TABLE DATA; Schema: private; Owner: -
--

INSERT INTO private.write_limits (kind, max_burst, per) VALUES
	('contacts', 5, '00:10:00'),
	('bookings', 10, '01:00:00'),
	('paypal_orders', 10, '01:00:00'),
	('whatsapp_clicks', 60, '01:00:00'),
	('my_booking_link', 10, '00:01:00'),
	('my_booking_change', 20, '00:10:00');


--
-- Data for Name: blog_posts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: booking_change_requests; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: booking_options; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES
	('basic', 'insurance', 0, true, 1, NULL),
	('premium', 'insurance', 75, true, 2, NULL),
	('platinum', 'insurance', 120, true, 3, NULL),
	('gps', 'extra', 50, true, 10, 'gps_included'),
	('wifi', 'extra', 50, true, 11, NULL),
	('childSeat', 'extra', 50, true, 12, 'baby_seat_included'),
	('additionalDriver', 'extra', 50, true, 13, 'second_driver_included'),
	('roadAssistance', 'extra', 350, false, 14, 'roadside_assistance_included'),
	('carFridge', 'extra', 35, true, 15, NULL),
	('jawazPass', 'extra', 50, true, 16, NULL);


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
-- Data for Name: cars; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: category_deposits; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_deposits (category, amount) VALUES
	('Économique', 3000),
	('Compact', 4000),
	('Berline', 6000),
	('Premium', 10000),
	('SUV', 8000),
	('Utilitaire', 6000);


--
-- Data for Name: category_excess; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_excess (category, insurance, amount) VALUES
	('Économique', 'basic', 6000),
	('Économique', 'premium', 1500),
	('Économique', 'platinum', 0),
	('Compact', 'basic', 8000),
	('Compact', 'premium', 2000),
	('Compact', 'platinum', 0),
	('Berline', 'basic', 12000),
	('Berline', 'premium', 3000),
	('Berline', 'platinum', 0),
	('Premium', 'basic', 20000),
	('Premium', 'premium', 5000),
	('Premium', 'platinum', 0),
	('SUV', 'basic', 16000),
	('SUV', 'premium', 4000),
	('SUV', 'platinum', 0),
	('Utilitaire', 'basic', 12000),
	('Utilitaire', 'premium', 3000),
	('Utilitaire', 'platinum', 0);


--
-- Data for Name: category_key_facts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years) VALUES
	('Économique', NULL, 'same_to_same', 21, 2),
	('Compact', NULL, 'same_to_same', 21, 2),
	('Berline', NULL, 'same_to_same', 23, 2),
	('Premium', 300, 'full_to_full', 25, 3),
	('SUV', 300, 'same_to_same', 25, 3),
	('Utilitaire', 250, 'same_to_same', 23, 2);


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

INSERT INTO public.payment_options (key, discount_percent, due_now_percent, "position") VALUES
	('full', 10, 100, 1),
	('half', 5, 50, 2),
	('reserve', 0, 20, 3);


--
-- Data for Name: payments; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: profiles; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: rental_rules; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rental_rules (id, period_grace, longest_rental_days, earliest_pickup_days, free_cancellation_hours, late_cancellation_days, terms_version) VALUES
	(true, '00:59:00', 90, 0, 24, 1, '2026-11-01');


--
-- Data for Name: reservation_settings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.reservation_settings (id, turnaround, paypal_hold, request_hold, holds_per_address, holds_per_email, holds_per_phone, whatsapp_fleet_share, long_hold, long_hold_after_days, long_hold_rental_days, max_days_ahead, my_booking_link_ttl) VALUES
	(true, '02:00:00', '00:30:00', '24:00:00', 3, 2, 2, 0.60, '06:00:00', 60, 14, 365, '01:00:00');


--
-- Data for Name: whatsapp_clicks; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: buckets; Type: TABLE DATA; Schema: storage; Owner: -
--

INSERT INTO storage.buckets (id, name, owner, owner_id, public, avif_autodetection, file_size_limit, allowed_mime_types, created_at, updated_at) VALUES
	('car-images', 'car-images', NULL, NULL, true, false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml}', '2026-11-28 10:57:28.349812+00', '2026-11-28 10:57:28.349812+00'),
	('blog-images', 'blog-images', NULL, NULL, true, false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml}', '2026-11-28 10:57:28.349812+00', '2026-11-28 10:57:28.349812+00');


--
-- Name: car_blocks_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.car_blocks_id_seq', 1, false);


--
-- Name: car_images_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.car_images_id_seq', 1, false);


--
-- Name: cars_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.cars_id_seq', 1, false);


--
-- Name: deleted_bookings_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.deleted_bookings_id_seq', 1, false);


--
-- Name: notification_outbox_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.notification_outbox_id_seq', 1, false);


--
-- Name: whatsapp_clicks_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.whatsapp_clicks_id_seq', 1, false);


--
-- Name: bookings bookings_details_length_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_details_length_check CHECK (((length(hotel_name) <= 200) AND (length(hotel_address) <= 500) AND (length(flight_number) <= 10))) NOT VALID;


--
-- Name: bookings bookings_payment_method_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_payment_method_check CHECK ((payment_method = ANY (ARRAY['whatsapp'::text, 'paypal'::text, 'cash'::text, 'card'::text]))) NOT VALID;


--
-- Name: bookings bookings_text_length_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_text_length_check CHECK (((length(customer_name) <= 200) AND (length(customer_email) <= 254) AND (length(customer_phone) <= 40) AND (length(pickup_location) <= 200) AND (length(return_location) <= 200) AND (COALESCE(length(notes), 0) <= 10000))) NOT VALID;


--
-- Name: bookings bookings_traveller_details_length; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_traveller_details_length CHECK (((COALESCE(length(flight_number), 0) <= 20) AND (COALESCE(length(hotel_name), 0) <= 200) AND (COALESCE(length(hotel_address), 0) <= 300) AND (COALESCE(length(arrival_note), 0) <= 500))) NOT VALID;


--
-- Name: bookings bookings_years_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_years_check CHECK (((start_date >= '2000-01-01'::date) AND (end_date < '2100-01-01'::date))) NOT VALID;


-- The indexes and unique, primary-key and exclusion constraints, in the order the
-- migrations created them (pg_dump sorts them by name). PostgreSQL checks a row
-- against them in that order, so it decides which violation a client sees: a booking
-- sent again with its id fails on its primary key (23505), which the site reads as
-- "already stored", not on the overlap exclusion (23P01), which it reads as "dates taken".

--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);


--
-- Name: profiles_role_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_role_created_at_idx ON public.profiles USING btree (role, created_at DESC);


--
-- Name: profiles_email_lower_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_email_lower_idx ON public.profiles USING btree (lower(email));


--
-- Name: cars cars_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cars
    ADD CONSTRAINT cars_pkey PRIMARY KEY (id);


--
-- Name: cars cars_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cars
    ADD CONSTRAINT cars_slug_key UNIQUE (slug);


--
-- Name: cars_category_price_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cars_category_price_idx ON public.cars USING btree (category, price);


--
-- Name: cars_brand_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cars_brand_idx ON public.cars USING btree (brand);


--
-- Name: cars_price_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cars_price_idx ON public.cars USING btree (price);


--
-- Name: car_images car_images_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.car_images
    ADD CONSTRAINT car_images_pkey PRIMARY KEY (id);


--
-- Name: car_images_car_id_display_order_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX car_images_car_id_display_order_idx ON public.car_images USING btree (car_id, display_order);


--
-- Name: bookings bookings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);


--
-- Name: bookings_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_created_at_idx ON public.bookings USING btree (created_at DESC);


--
-- Name: bookings_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_status_idx ON public.bookings USING btree (status);


--
-- Name: bookings_car_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_car_id_idx ON public.bookings USING btree (car_id);


--
-- Name: deleted_bookings deleted_bookings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deleted_bookings
    ADD CONSTRAINT deleted_bookings_pkey PRIMARY KEY (id);


--
-- Name: deleted_bookings_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX deleted_bookings_deleted_at_idx ON public.deleted_bookings USING btree (deleted_at DESC);


--
-- Name: whatsapp_clicks whatsapp_clicks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.whatsapp_clicks
    ADD CONSTRAINT whatsapp_clicks_pkey PRIMARY KEY (id);


--
-- Name: whatsapp_clicks_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX whatsapp_clicks_created_at_idx ON public.whatsapp_clicks USING btree (created_at);


--
-- Name: whatsapp_clicks_car_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX whatsapp_clicks_car_id_idx ON public.whatsapp_clicks USING btree (car_id);


--
-- Name: contacts contacts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_pkey PRIMARY KEY (id);


--
-- Name: contacts_status_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contacts_status_created_at_idx ON public.contacts USING btree (status, created_at DESC);


--
-- Name: contacts_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contacts_created_at_idx ON public.contacts USING btree (created_at DESC);


--
-- Name: blog_posts blog_posts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_pkey PRIMARY KEY (id);


--
-- Name: blog_posts blog_posts_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_slug_key UNIQUE (slug);


--
-- Name: blog_posts_status_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX blog_posts_status_created_at_idx ON public.blog_posts USING btree (status, created_at DESC);


--
-- Name: blog_posts_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX blog_posts_created_at_idx ON public.blog_posts USING btree (created_at DESC);


--
-- Name: bookings bookings_paypal_order_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_paypal_order_id_key UNIQUE (paypal_order_id);


--
-- Name: bookings_paypal_capture_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX bookings_paypal_capture_key ON public.bookings USING btree (payment_id) WHERE ((payment_method = 'paypal'::text) AND (payment_id IS NOT NULL));


--
-- Name: notification_outbox notification_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notification_outbox
    ADD CONSTRAINT notification_outbox_pkey PRIMARY KEY (id);


--
-- Name: notification_outbox_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notification_outbox_due_idx ON public.notification_outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);


--
-- Name: notification_outbox_subject_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notification_outbox_subject_idx ON public.notification_outbox USING btree (subject_id);


--
-- Name: write_limits write_limits_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.write_limits
    ADD CONSTRAINT write_limits_pkey PRIMARY KEY (kind);


--
-- Name: write_buckets write_buckets_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.write_buckets
    ADD CONSTRAINT write_buckets_pkey PRIMARY KEY (key);


--
-- Name: reservation_settings reservation_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reservation_settings
    ADD CONSTRAINT reservation_settings_pkey PRIMARY KEY (id);


--
-- Name: booking_options booking_options_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_options
    ADD CONSTRAINT booking_options_pkey PRIMARY KEY (key);


--
-- Name: payment_options payment_options_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_options
    ADD CONSTRAINT payment_options_pkey PRIMARY KEY (key);


--
-- Name: car_blocks car_blocks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.car_blocks
    ADD CONSTRAINT car_blocks_pkey PRIMARY KEY (id);


--
-- Name: car_blocks_car_dates_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX car_blocks_car_dates_idx ON public.car_blocks USING btree (car_id, start_date);


--
-- Name: bookings bookings_no_overlap; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (car_id WITH =, hold WITH &&) WHERE ((status <> ALL (ARRAY['cancelled'::text, 'expired'::text])));


--
-- Name: bookings_hold_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_hold_expires_idx ON public.bookings USING btree (hold_expires_at) WHERE (status = 'pending'::text);


--
-- Name: bookings bookings_reference_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_reference_key UNIQUE (reference);


--
-- Name: category_deposits category_deposits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.category_deposits
    ADD CONSTRAINT category_deposits_pkey PRIMARY KEY (category);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


--
-- Name: payments payments_provider_order_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_provider_order_id_key UNIQUE (provider_order_id);


--
-- Name: payments payments_provider_refund_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_provider_refund_id_key UNIQUE (provider_refund_id);


--
-- Name: payments payments_refund_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_refund_key_key UNIQUE (refund_key);


--
-- Name: payments_booking_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_booking_idx ON public.payments USING btree (booking_id, created_at);


--
-- Name: payments_settled_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_settled_idx ON public.payments USING btree (settled_at) WHERE (status = ANY (ARRAY['captured'::text, 'completed'::text]));


--
-- Name: bookings_pending_ip_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_pending_ip_idx ON public.bookings USING btree (client_ip) WHERE (status = 'pending'::text);


--
-- Name: bookings_pending_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_pending_email_idx ON public.bookings USING btree (private.email_key(customer_email)) WHERE (status = 'pending'::text);


--
-- Name: bookings_pending_phone_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_pending_phone_idx ON public.bookings USING btree (private.phone_key(customer_phone)) WHERE (status = 'pending'::text);


--
-- Name: bookings_paypal_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_paypal_open_idx ON public.bookings USING btree (created_at) WHERE ((paypal_order_id IS NOT NULL) AND (paypal_closed_at IS NULL) AND (payment_id IS NULL));


--
-- Name: rental_rules rental_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rental_rules
    ADD CONSTRAINT rental_rules_pkey PRIMARY KEY (id);


--
-- Name: bookings_phone_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_phone_key_idx ON public.bookings USING btree (public.phone_key(customer_phone));


--
-- Name: booking_links booking_links_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.booking_links
    ADD CONSTRAINT booking_links_pkey PRIMARY KEY (token_hash);


--
-- Name: booking_links_expires_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX booking_links_expires_idx ON private.booking_links USING btree (expires_at);


--
-- Name: booking_change_requests booking_change_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_change_requests
    ADD CONSTRAINT booking_change_requests_pkey PRIMARY KEY (id);


--
-- Name: booking_change_requests_booking_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_change_requests_booking_idx ON public.booking_change_requests USING btree (booking_id, created_at);


--
-- Name: booking_change_requests_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_change_requests_pending_idx ON public.booking_change_requests USING btree (created_at) WHERE (state = 'pending'::text);


--
-- Name: category_key_facts category_key_facts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.category_key_facts
    ADD CONSTRAINT category_key_facts_pkey PRIMARY KEY (category);


--
-- Name: category_excess category_excess_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.category_excess
    ADD CONSTRAINT category_excess_pkey PRIMARY KEY (category, insurance);


--
-- Name: users on_auth_user_created; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION public.handle_new_user();


--
-- Name: users on_auth_user_email_changed; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER on_auth_user_email_changed AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (((old.email)::text IS DISTINCT FROM (new.email)::text)) EXECUTE FUNCTION public.sync_profile_email();


--
-- Name: blog_posts blog_posts_default_slug; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blog_posts_default_slug BEFORE INSERT OR UPDATE OF slug, tags ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION public.blog_posts_default_slug();


--
-- Name: blog_posts blog_posts_page_content; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blog_posts_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.blog_posts FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();


--
-- Name: blog_posts blog_posts_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blog_posts_set_updated_at BEFORE INSERT OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: bookings bookings_archive_on_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_archive_on_delete AFTER DELETE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.archive_deleted_booking();


--
-- Name: bookings bookings_bounds; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_bounds BEFORE INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_bounds();


--
-- Name: bookings bookings_bounds_details; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_bounds_details BEFORE INSERT OR UPDATE OF customer_phone, pickup_location, return_location, hotel_name, hotel_address, flight_number ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_bounds_details();


--
-- Name: bookings bookings_check_rules; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_check_rules BEFORE INSERT OR UPDATE OF start_date, end_date, pickup_time, return_time ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_check_rules();


--
-- Name: bookings bookings_compute_price; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_compute_price BEFORE INSERT OR UPDATE OF car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_compute_price();


--
-- Name: bookings bookings_enqueue_notifications; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_enqueue_notifications AFTER INSERT OR UPDATE OF status, payment_status ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_enqueue_notifications();


--
-- Name: bookings bookings_fair_holds; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_fair_holds BEFORE INSERT OR UPDATE OF payment_method, client_ip ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_fair_holds();


--
-- Name: bookings bookings_hold; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_hold BEFORE INSERT OR UPDATE OF car_id, start_date, end_date, pickup_time, return_time, status ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_hold();


--
-- Name: bookings bookings_hold_window; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_hold_window BEFORE INSERT OR UPDATE OF status, payment_method, hold_expires_at ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_hold_window();


--
-- Name: bookings bookings_reference; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_reference BEFORE INSERT OR UPDATE OF reference ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_reference();


--
-- Name: bookings bookings_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_set_updated_at BEFORE INSERT OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: bookings bookings_terms; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_terms BEFORE INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_terms();


--
-- Name: bookings bookings_write_limit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_write_limit BEFORE INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();


--
-- Name: car_images car_images_page_content_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER car_images_page_content_delete AFTER DELETE ON public.car_images REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_car_pictures();


--
-- Name: car_images car_images_page_content_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER car_images_page_content_insert AFTER INSERT ON public.car_images REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_car_pictures();


--
-- Name: car_images car_images_page_content_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER car_images_page_content_truncate AFTER TRUNCATE ON public.car_images FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();


--
-- Name: car_images car_images_page_content_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER car_images_page_content_update AFTER UPDATE ON public.car_images REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notify_car_pictures();


--
-- Name: cars cars_default_slug; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER cars_default_slug BEFORE INSERT OR UPDATE OF slug ON public.cars FOR EACH ROW EXECUTE FUNCTION public.cars_default_slug();


--
-- Name: cars cars_page_content; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER cars_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.cars FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();


--
-- Name: cars cars_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER cars_set_updated_at BEFORE INSERT OR UPDATE ON public.cars FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: contacts contacts_enqueue_notification; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contacts_enqueue_notification AFTER INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.contacts_enqueue_notification();


--
-- Name: contacts contacts_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contacts_set_updated_at BEFORE INSERT OR UPDATE ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: contacts contacts_status_flow; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contacts_status_flow BEFORE INSERT OR UPDATE OF status ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.contacts_status_flow();


--
-- Name: contacts contacts_write_limit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contacts_write_limit BEFORE INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();


--
-- Name: payments payments_after_counter; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_after_counter AFTER INSERT ON public.payments FOR EACH ROW WHEN ((new.kind = 'counter'::text)) EXECUTE FUNCTION public.payments_after_counter();


--
-- Name: payments payments_before_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_before_insert BEFORE INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION public.payments_before_insert();


--
-- Name: profiles profiles_guard_role; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_guard_role BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.profiles_guard_role();


--
-- Name: profiles profiles_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_set_updated_at BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: whatsapp_clicks whatsapp_clicks_write_limit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER whatsapp_clicks_write_limit BEFORE INSERT ON public.whatsapp_clicks FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();


--
-- Name: booking_links booking_links_booking_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.booking_links
    ADD CONSTRAINT booking_links_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;


--
-- Name: booking_change_requests booking_change_requests_booking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_change_requests
    ADD CONSTRAINT booking_change_requests_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;


--
-- Name: booking_change_requests booking_change_requests_car_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_change_requests
    ADD CONSTRAINT booking_change_requests_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE SET NULL;


--
-- Name: bookings bookings_car_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE SET NULL;


--
-- Name: car_blocks car_blocks_car_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.car_blocks
    ADD CONSTRAINT car_blocks_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE CASCADE;


--
-- Name: car_images car_images_car_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.car_images
    ADD CONSTRAINT car_images_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE CASCADE;


--
-- Name: category_excess category_excess_insurance_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.category_excess
    ADD CONSTRAINT category_excess_insurance_fkey FOREIGN KEY (insurance) REFERENCES public.booking_options(key) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: payments payments_booking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;


--
-- Name: profiles profiles_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: whatsapp_clicks whatsapp_clicks_car_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.whatsapp_clicks
    ADD CONSTRAINT whatsapp_clicks_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE SET NULL;


--
-- Name: blog_posts; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.blog_posts ENABLE ROW LEVEL SECURITY;

--
-- Name: blog_posts blog_posts_delete_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY blog_posts_delete_admin ON public.blog_posts FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: blog_posts blog_posts_insert_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY blog_posts_insert_admin ON public.blog_posts FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: blog_posts blog_posts_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY blog_posts_select_admin ON public.blog_posts FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: blog_posts blog_posts_select_published; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY blog_posts_select_published ON public.blog_posts FOR SELECT TO anon, authenticated USING ((status = 'published'::text));


--
-- Name: blog_posts blog_posts_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY blog_posts_update_admin ON public.blog_posts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: booking_change_requests; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.booking_change_requests ENABLE ROW LEVEL SECURITY;

--
-- Name: booking_change_requests booking_change_requests_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY booking_change_requests_select_admin ON public.booking_change_requests FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: booking_options; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.booking_options ENABLE ROW LEVEL SECURITY;

--
-- Name: booking_options booking_options_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY booking_options_select_public ON public.booking_options FOR SELECT TO anon, authenticated USING (true);


--
-- Name: booking_options booking_options_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY booking_options_update_admin ON public.booking_options FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: bookings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

--
-- Name: bookings bookings_delete_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY bookings_delete_admin ON public.bookings FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: bookings bookings_insert_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY bookings_insert_public ON public.bookings FOR INSERT TO anon, authenticated WITH CHECK (((status = 'pending'::text) AND (payment_status = 'none'::text) AND (payment_id IS NULL) AND (lower(btrim(COALESCE(payment_method, ''::text))) <> 'paypal'::text)));


--
-- Name: bookings bookings_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY bookings_select_admin ON public.bookings FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: bookings bookings_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY bookings_update_admin ON public.bookings FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: car_blocks; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.car_blocks ENABLE ROW LEVEL SECURITY;

--
-- Name: car_blocks car_blocks_delete_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_blocks_delete_admin ON public.car_blocks FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: car_blocks car_blocks_insert_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_blocks_insert_admin ON public.car_blocks FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: car_blocks car_blocks_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_blocks_select_admin ON public.car_blocks FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: car_blocks car_blocks_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_blocks_update_admin ON public.car_blocks FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: car_images; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.car_images ENABLE ROW LEVEL SECURITY;

--
-- Name: car_images car_images_delete_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_images_delete_admin ON public.car_images FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: car_images car_images_insert_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_images_insert_admin ON public.car_images FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: car_images car_images_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_images_select_public ON public.car_images FOR SELECT TO anon, authenticated USING (true);


--
-- Name: car_images car_images_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY car_images_update_admin ON public.car_images FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: cars; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.cars ENABLE ROW LEVEL SECURITY;

--
-- Name: cars cars_delete_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY cars_delete_admin ON public.cars FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: cars cars_insert_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY cars_insert_admin ON public.cars FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: cars cars_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY cars_select_public ON public.cars FOR SELECT TO anon, authenticated USING (true);


--
-- Name: cars cars_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY cars_update_admin ON public.cars FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: category_deposits; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.category_deposits ENABLE ROW LEVEL SECURITY;

--
-- Name: category_deposits category_deposits_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY category_deposits_select_public ON public.category_deposits FOR SELECT TO anon, authenticated USING (true);


--
-- Name: category_deposits category_deposits_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY category_deposits_update_admin ON public.category_deposits FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: category_excess; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.category_excess ENABLE ROW LEVEL SECURITY;

--
-- Name: category_excess category_excess_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY category_excess_select_public ON public.category_excess FOR SELECT TO anon, authenticated USING (true);


--
-- Name: category_excess category_excess_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY category_excess_update_admin ON public.category_excess FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: category_key_facts; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.category_key_facts ENABLE ROW LEVEL SECURITY;

--
-- Name: category_key_facts category_key_facts_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY category_key_facts_select_public ON public.category_key_facts FOR SELECT TO anon, authenticated USING (true);


--
-- Name: category_key_facts category_key_facts_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY category_key_facts_update_admin ON public.category_key_facts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: contacts; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.contacts ENABLE ROW LEVEL SECURITY;

--
-- Name: contacts contacts_delete_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contacts_delete_admin ON public.contacts FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: contacts contacts_insert_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contacts_insert_public ON public.contacts FOR INSERT TO anon, authenticated WITH CHECK ((status = 'new'::text));


--
-- Name: contacts contacts_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contacts_select_admin ON public.contacts FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: contacts contacts_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY contacts_update_admin ON public.contacts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: deleted_bookings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.deleted_bookings ENABLE ROW LEVEL SECURITY;

--
-- Name: deleted_bookings deleted_bookings_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY deleted_bookings_select_admin ON public.deleted_bookings FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: notification_outbox; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notification_outbox ENABLE ROW LEVEL SECURITY;

--
-- Name: payment_options; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.payment_options ENABLE ROW LEVEL SECURITY;

--
-- Name: payment_options payment_options_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY payment_options_select_public ON public.payment_options FOR SELECT TO anon, authenticated USING (true);


--
-- Name: payment_options payment_options_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY payment_options_update_admin ON public.payment_options FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: payments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

--
-- Name: payments payments_insert_counter_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY payments_insert_counter_admin ON public.payments FOR INSERT TO authenticated WITH CHECK ((( SELECT public.is_admin() AS is_admin) AND (kind = 'counter'::text) AND (status = 'completed'::text) AND (currency = 'MAD'::text)));


--
-- Name: payments payments_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY payments_select_admin ON public.payments FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: profiles; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles profiles_delete_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY profiles_delete_admin ON public.profiles FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: profiles profiles_insert_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY profiles_insert_admin ON public.profiles FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: profiles profiles_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY profiles_select_admin ON public.profiles FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: profiles profiles_select_own; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY profiles_select_own ON public.profiles FOR SELECT TO authenticated USING ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles profiles_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY profiles_update_admin ON public.profiles FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: profiles profiles_update_own; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY profiles_update_own ON public.profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: rental_rules; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.rental_rules ENABLE ROW LEVEL SECURITY;

--
-- Name: rental_rules rental_rules_select_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY rental_rules_select_public ON public.rental_rules FOR SELECT TO anon, authenticated USING (true);


--
-- Name: rental_rules rental_rules_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY rental_rules_update_admin ON public.rental_rules FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: reservation_settings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.reservation_settings ENABLE ROW LEVEL SECURITY;

--
-- Name: reservation_settings reservation_settings_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY reservation_settings_select_admin ON public.reservation_settings FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: reservation_settings reservation_settings_update_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY reservation_settings_update_admin ON public.reservation_settings FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));


--
-- Name: whatsapp_clicks; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.whatsapp_clicks ENABLE ROW LEVEL SECURITY;

--
-- Name: whatsapp_clicks whatsapp_clicks_insert_public; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY whatsapp_clicks_insert_public ON public.whatsapp_clicks FOR INSERT TO anon, authenticated WITH CHECK (true);


--
-- Name: whatsapp_clicks whatsapp_clicks_select_admin; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY whatsapp_clicks_select_admin ON public.whatsapp_clicks FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: buckets buckets_select_admin; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY buckets_select_admin ON storage.buckets FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: buckets buckets_select_public; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY buckets_select_public ON storage.buckets FOR SELECT TO anon, authenticated USING (public);


--
-- Name: objects objects_delete_admin; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY objects_delete_admin ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));


--
-- Name: objects objects_insert_admin; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY objects_insert_admin ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));


--
-- Name: objects objects_select_public; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY objects_select_public ON storage.objects FOR SELECT TO anon, authenticated USING ((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])));


--
-- Name: objects objects_update_admin; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY objects_update_admin ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin))) WITH CHECK (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));


--
-- Name: supabase_realtime booking_change_requests; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.booking_change_requests;


--
-- Name: supabase_realtime bookings; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.bookings;


--
-- Name: supabase_realtime contacts; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.contacts;


--
-- Name: supabase_realtime payments; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.payments;


--
-- Name: TABLE bookings; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.bookings TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.bookings TO service_role;


--
-- Name: COLUMN bookings.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.bookings TO anon;
GRANT INSERT(id) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.user_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(user_id) ON TABLE public.bookings TO anon;
GRANT INSERT(user_id) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.car_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(car_id) ON TABLE public.bookings TO anon;
GRANT INSERT(car_id) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.customer_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(customer_name) ON TABLE public.bookings TO anon;
GRANT INSERT(customer_name) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.customer_email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(customer_email) ON TABLE public.bookings TO anon;
GRANT INSERT(customer_email) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.customer_phone; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(customer_phone) ON TABLE public.bookings TO anon;
GRANT INSERT(customer_phone) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.start_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(start_date) ON TABLE public.bookings TO anon;
GRANT INSERT(start_date) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.end_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(end_date) ON TABLE public.bookings TO anon;
GRANT INSERT(end_date) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.pickup_time; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(pickup_time) ON TABLE public.bookings TO anon;
GRANT INSERT(pickup_time) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.return_time; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(return_time) ON TABLE public.bookings TO anon;
GRANT INSERT(return_time) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.pickup_location; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(pickup_location) ON TABLE public.bookings TO anon;
GRANT INSERT(pickup_location) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.return_location; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(return_location) ON TABLE public.bookings TO anon;
GRANT INSERT(return_location) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.insurance_type; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(insurance_type) ON TABLE public.bookings TO anon;
GRANT INSERT(insurance_type) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.extras; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(extras) ON TABLE public.bookings TO anon;
GRANT INSERT(extras) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.payment_option; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(payment_option) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_option) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.language; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(language) ON TABLE public.bookings TO anon;
GRANT INSERT(language) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.days; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(days) ON TABLE public.bookings TO anon;
GRANT INSERT(days) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.total_price; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(total_price) ON TABLE public.bookings TO anon;
GRANT INSERT(total_price) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.payment_method; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(payment_method) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_method) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.payment_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(payment_id) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_id) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.payment_status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(payment_status) ON TABLE public.bookings TO anon;
GRANT INSERT(payment_status) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(status) ON TABLE public.bookings TO anon;
GRANT INSERT(status),UPDATE(status) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.notes; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(notes) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.updated_at; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(updated_at) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.flight_number; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(flight_number) ON TABLE public.bookings TO anon;
GRANT INSERT(flight_number) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.hotel_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(hotel_name) ON TABLE public.bookings TO anon;
GRANT INSERT(hotel_name) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.hotel_address; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(hotel_address) ON TABLE public.bookings TO anon;
GRANT INSERT(hotel_address) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.terms_version; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(terms_version) ON TABLE public.bookings TO anon;
GRANT INSERT(terms_version) ON TABLE public.bookings TO authenticated;


--
-- Name: COLUMN bookings.driver_requirements_confirmed; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(driver_requirements_confirmed) ON TABLE public.bookings TO anon;
GRANT INSERT(driver_requirements_confirmed) ON TABLE public.bookings TO authenticated;


--
-- Name: FUNCTION booking_for_token(p_token text, p_lock boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.booking_for_token(p_token text, p_lock boolean) FROM PUBLIC;


--
-- Name: FUNCTION booking_id_for_token(p_token text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.booking_id_for_token(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.booking_id_for_token(p_token text) TO service_role;


--
-- Name: FUNCTION free_cancellation_until(b public.bookings); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.free_cancellation_until(b public.bookings) FROM PUBLIC;


--
-- Name: FUNCTION late_cancellation_cost(b public.bookings); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.late_cancellation_cost(b public.bookings) FROM PUBLIC;


--
-- Name: FUNCTION limit_public_writes(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.limit_public_writes() FROM PUBLIC;


--
-- Name: FUNCTION my_booking_error(p_status integer, p_code text, p_message text, p_details jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.my_booking_error(p_status integer, p_code text, p_message text, p_details jsonb) FROM PUBLIC;


--
-- Name: FUNCTION my_booking_limit(p_kind text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.my_booking_limit(p_kind text) FROM PUBLIC;


--
-- Name: FUNCTION my_booking_view(b public.bookings); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.my_booking_view(b public.bookings) FROM PUBLIC;


--
-- Name: FUNCTION take_write_token(p_kind text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.take_write_token(p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_write_token(p_kind text) TO service_role;


--
-- Name: TABLE booking_change_requests; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.booking_change_requests TO authenticated;
GRANT ALL ON TABLE public.booking_change_requests TO service_role;


--
-- Name: FUNCTION tell_agency(b public.bookings, r public.booking_change_requests); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.tell_agency(b public.bookings, r public.booking_change_requests) FROM PUBLIC;


--
-- Name: FUNCTION admin_customers(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_customers() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_customers() TO authenticated;
GRANT ALL ON FUNCTION public.admin_customers() TO service_role;


--
-- Name: FUNCTION admin_search_bookings(p_query text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_search_bookings(p_query text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_search_bookings(p_query text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_search_bookings(p_query text) TO service_role;


--
-- Name: FUNCTION archive_deleted_booking(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.archive_deleted_booking() TO anon;
GRANT ALL ON FUNCTION public.archive_deleted_booking() TO authenticated;
GRANT ALL ON FUNCTION public.archive_deleted_booking() TO service_role;


--
-- Name: FUNCTION blog_posts_default_slug(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO anon;
GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO authenticated;
GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO service_role;


--
-- Name: FUNCTION translations_valid(t jsonb, fields text[]); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO anon;
GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO authenticated;
GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO service_role;


--
-- Name: TABLE cars; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.cars TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.cars TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.cars TO service_role;


--
-- Name: FUNCTION bookable(public.cars); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.bookable(public.cars) TO anon;
GRANT ALL ON FUNCTION public.bookable(public.cars) TO authenticated;
GRANT ALL ON FUNCTION public.bookable(public.cars) TO service_role;


--
-- Name: FUNCTION booking_notification_payload(b public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_notification_payload(b public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_notification_payload(b public.bookings) TO service_role;


--
-- Name: FUNCTION booking_receipt(p_id uuid); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO anon;
GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO service_role;


--
-- Name: FUNCTION bookings_bounds(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_bounds() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_bounds() TO service_role;


--
-- Name: FUNCTION bookings_bounds_details(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_bounds_details() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_bounds_details() TO service_role;


--
-- Name: FUNCTION bookings_check_rules(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_check_rules() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_check_rules() TO service_role;


--
-- Name: FUNCTION bookings_compute_price(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.bookings_compute_price() TO anon;
GRANT ALL ON FUNCTION public.bookings_compute_price() TO authenticated;
GRANT ALL ON FUNCTION public.bookings_compute_price() TO service_role;


--
-- Name: FUNCTION bookings_enqueue_notifications(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_enqueue_notifications() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_enqueue_notifications() TO service_role;


--
-- Name: FUNCTION bookings_fair_holds(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_fair_holds() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_fair_holds() TO service_role;


--
-- Name: FUNCTION bookings_hold(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.bookings_hold() TO anon;
GRANT ALL ON FUNCTION public.bookings_hold() TO authenticated;
GRANT ALL ON FUNCTION public.bookings_hold() TO service_role;


--
-- Name: FUNCTION bookings_hold_window(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_hold_window() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_hold_window() TO service_role;


--
-- Name: FUNCTION bookings_reference(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.bookings_reference() TO anon;
GRANT ALL ON FUNCTION public.bookings_reference() TO authenticated;
GRANT ALL ON FUNCTION public.bookings_reference() TO service_role;


--
-- Name: FUNCTION bookings_terms(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_terms() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_terms() TO service_role;


--
-- Name: FUNCTION car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint) TO anon;
GRANT ALL ON FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint) TO authenticated;
GRANT ALL ON FUNCTION public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone, p_car_id bigint) TO service_role;


--
-- Name: FUNCTION car_calendar(p_car_id bigint, p_from date, p_days integer); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.car_calendar(p_car_id bigint, p_from date, p_days integer) TO anon;
GRANT ALL ON FUNCTION public.car_calendar(p_car_id bigint, p_from date, p_days integer) TO authenticated;
GRANT ALL ON FUNCTION public.car_calendar(p_car_id bigint, p_from date, p_days integer) TO service_role;


--
-- Name: FUNCTION cars_default_slug(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.cars_default_slug() TO anon;
GRANT ALL ON FUNCTION public.cars_default_slug() TO authenticated;
GRANT ALL ON FUNCTION public.cars_default_slug() TO service_role;


--
-- Name: FUNCTION contacts_enqueue_notification(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.contacts_enqueue_notification() FROM PUBLIC;
GRANT ALL ON FUNCTION public.contacts_enqueue_notification() TO service_role;


--
-- Name: FUNCTION contacts_status_flow(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.contacts_status_flow() TO anon;
GRANT ALL ON FUNCTION public.contacts_status_flow() TO authenticated;
GRANT ALL ON FUNCTION public.contacts_status_flow() TO service_role;


--
-- Name: FUNCTION decide_change_request(p_id uuid, p_accept boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) TO anon;
GRANT ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) TO authenticated;
GRANT ALL ON FUNCTION public.decide_change_request(p_id uuid, p_accept boolean) TO service_role;


--
-- Name: FUNCTION expire_booking_holds(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.expire_booking_holds() FROM PUBLIC;
GRANT ALL ON FUNCTION public.expire_booking_holds() TO service_role;


--
-- Name: FUNCTION handle_new_user(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.handle_new_user() TO anon;
GRANT ALL ON FUNCTION public.handle_new_user() TO authenticated;
GRANT ALL ON FUNCTION public.handle_new_user() TO service_role;


--
-- Name: FUNCTION included_extras(p_car jsonb); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.included_extras(p_car jsonb) TO anon;
GRANT ALL ON FUNCTION public.included_extras(p_car jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.included_extras(p_car jsonb) TO service_role;


--
-- Name: FUNCTION is_admin(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.is_admin() TO anon;
GRANT ALL ON FUNCTION public.is_admin() TO authenticated;
GRANT ALL ON FUNCTION public.is_admin() TO service_role;


--
-- Name: FUNCTION is_e164(p text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.is_e164(p text) TO anon;
GRANT ALL ON FUNCTION public.is_e164(p text) TO authenticated;
GRANT ALL ON FUNCTION public.is_e164(p text) TO service_role;


--
-- Name: FUNCTION my_booking(p_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.my_booking(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking(p_token text) TO anon;
GRANT ALL ON FUNCTION public.my_booking(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking(p_token text) TO service_role;


--
-- Name: FUNCTION my_booking_cancel(p_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.my_booking_cancel(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_cancel(p_token text) TO anon;
GRANT ALL ON FUNCTION public.my_booking_cancel(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_cancel(p_token text) TO service_role;


--
-- Name: FUNCTION my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) TO anon;
GRANT ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, p_message text) TO service_role;


--
-- Name: FUNCTION my_booking_request_link(p_reference text, p_email text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) TO anon;
GRANT ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_request_link(p_reference text, p_email text) TO service_role;


--
-- Name: FUNCTION my_booking_update(p_token text, p_details jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) TO anon;
GRANT ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.my_booking_update(p_token text, p_details jsonb) TO service_role;


--
-- Name: FUNCTION notify_car_pictures(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.notify_car_pictures() FROM PUBLIC;


--
-- Name: FUNCTION notify_page_content(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.notify_page_content() FROM PUBLIC;


--
-- Name: FUNCTION page_data(p_path text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.page_data(p_path text) TO anon;
GRANT ALL ON FUNCTION public.page_data(p_path text) TO authenticated;
GRANT ALL ON FUNCTION public.page_data(p_path text) TO service_role;


--
-- Name: FUNCTION page_meta(p_path text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.page_meta(p_path text) TO anon;
GRANT ALL ON FUNCTION public.page_meta(p_path text) TO authenticated;
GRANT ALL ON FUNCTION public.page_meta(p_path text) TO service_role;


--
-- Name: FUNCTION page_meta(p_path text, p_lang text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO anon;
GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO authenticated;
GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO service_role;


--
-- Name: FUNCTION payments_after_counter(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.payments_after_counter() FROM PUBLIC;
GRANT ALL ON FUNCTION public.payments_after_counter() TO service_role;


--
-- Name: FUNCTION payments_before_insert(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.payments_before_insert() FROM PUBLIC;
GRANT ALL ON FUNCTION public.payments_before_insert() TO service_role;


--
-- Name: FUNCTION phone_key(p text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.phone_key(p text) TO anon;
GRANT ALL ON FUNCTION public.phone_key(p text) TO authenticated;
GRANT ALL ON FUNCTION public.phone_key(p text) TO service_role;


--
-- Name: FUNCTION profiles_guard_role(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.profiles_guard_role() TO anon;
GRANT ALL ON FUNCTION public.profiles_guard_role() TO authenticated;
GRANT ALL ON FUNCTION public.profiles_guard_role() TO service_role;


--
-- Name: FUNCTION quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone) TO anon;
GRANT ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone) TO authenticated;
GRANT ALL ON FUNCTION public.quote_booking(p_car_id bigint, p_start date, p_end date, p_insurance text, p_extras jsonb, p_payment_option text, p_pickup_time time without time zone, p_return_time time without time zone) TO service_role;


--
-- Name: FUNCTION record_paypal_capture(p_booking_id uuid, p_capture_id text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) TO service_role;


--
-- Name: FUNCTION release_holds(p_ids uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.release_holds(p_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_holds(p_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.release_holds(p_ids uuid[]) TO service_role;


--
-- Name: FUNCTION rental_is_visitor(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.rental_is_visitor() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rental_is_visitor() TO service_role;


--
-- Name: FUNCTION rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) TO anon;
GRANT ALL ON FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) TO authenticated;
GRANT ALL ON FUNCTION public.rental_periods(p_pickup timestamp without time zone, p_return timestamp without time zone) TO service_role;


--
-- Name: FUNCTION revenue_by_month(p_from date, p_to date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) TO service_role;


--
-- Name: FUNCTION set_updated_at(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.set_updated_at() TO anon;
GRANT ALL ON FUNCTION public.set_updated_at() TO authenticated;
GRANT ALL ON FUNCTION public.set_updated_at() TO service_role;


--
-- Name: FUNCTION sitemap_paths(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.sitemap_paths() TO anon;
GRANT ALL ON FUNCTION public.sitemap_paths() TO authenticated;
GRANT ALL ON FUNCTION public.sitemap_paths() TO service_role;


--
-- Name: FUNCTION slugify(value text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.slugify(value text) TO anon;
GRANT ALL ON FUNCTION public.slugify(value text) TO authenticated;
GRANT ALL ON FUNCTION public.slugify(value text) TO service_role;


--
-- Name: TABLE blog_posts; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.blog_posts TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_posts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_posts TO service_role;


--
-- Name: FUNCTION summary_translations(public.blog_posts); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO anon;
GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO authenticated;
GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO service_role;


--
-- Name: FUNCTION suspicious_holds(p_min integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.suspicious_holds(p_min integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.suspicious_holds(p_min integer) TO authenticated;
GRANT ALL ON FUNCTION public.suspicious_holds(p_min integer) TO service_role;


--
-- Name: FUNCTION sync_profile_email(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.sync_profile_email() TO anon;
GRANT ALL ON FUNCTION public.sync_profile_email() TO authenticated;
GRANT ALL ON FUNCTION public.sync_profile_email() TO service_role;


--
-- Name: FUNCTION translated(t jsonb, lang text, field text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO anon;
GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO authenticated;
GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO service_role;


--
-- Name: TABLE booking_options; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.booking_options TO anon;
GRANT SELECT,UPDATE ON TABLE public.booking_options TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.booking_options TO service_role;


--
-- Name: TABLE car_blocks; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_blocks TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_blocks TO service_role;


--
-- Name: SEQUENCE car_blocks_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,USAGE ON SEQUENCE public.car_blocks_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.car_blocks_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.car_blocks_id_seq TO service_role;


--
-- Name: TABLE car_images; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.car_images TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_images TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.car_images TO service_role;


--
-- Name: SEQUENCE car_images_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,USAGE ON SEQUENCE public.car_images_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.car_images_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.car_images_id_seq TO service_role;


--
-- Name: SEQUENCE cars_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,USAGE ON SEQUENCE public.cars_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.cars_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.cars_id_seq TO service_role;


--
-- Name: TABLE category_deposits; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.category_deposits TO anon;
GRANT SELECT ON TABLE public.category_deposits TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.category_deposits TO service_role;


--
-- Name: COLUMN category_deposits.amount; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(amount) ON TABLE public.category_deposits TO authenticated;


--
-- Name: TABLE category_excess; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.category_excess TO anon;
GRANT SELECT ON TABLE public.category_excess TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.category_excess TO service_role;


--
-- Name: COLUMN category_excess.amount; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(amount) ON TABLE public.category_excess TO authenticated;


--
-- Name: TABLE category_key_facts; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.category_key_facts TO anon;
GRANT SELECT ON TABLE public.category_key_facts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.category_key_facts TO service_role;


--
-- Name: COLUMN category_key_facts.mileage_km_per_day; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(mileage_km_per_day) ON TABLE public.category_key_facts TO authenticated;


--
-- Name: COLUMN category_key_facts.fuel_policy; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(fuel_policy) ON TABLE public.category_key_facts TO authenticated;


--
-- Name: COLUMN category_key_facts.min_driver_age; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(min_driver_age) ON TABLE public.category_key_facts TO authenticated;


--
-- Name: COLUMN category_key_facts.min_licence_years; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(min_licence_years) ON TABLE public.category_key_facts TO authenticated;


--
-- Name: TABLE contacts; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.contacts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.contacts TO service_role;


--
-- Name: COLUMN contacts.id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(id) ON TABLE public.contacts TO anon;
GRANT INSERT(id) ON TABLE public.contacts TO authenticated;


--
-- Name: COLUMN contacts.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name) ON TABLE public.contacts TO anon;
GRANT INSERT(name) ON TABLE public.contacts TO authenticated;


--
-- Name: COLUMN contacts.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email) ON TABLE public.contacts TO anon;
GRANT INSERT(email) ON TABLE public.contacts TO authenticated;


--
-- Name: COLUMN contacts.phone; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(phone) ON TABLE public.contacts TO anon;
GRANT INSERT(phone) ON TABLE public.contacts TO authenticated;


--
-- Name: COLUMN contacts.subject; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(subject) ON TABLE public.contacts TO anon;
GRANT INSERT(subject) ON TABLE public.contacts TO authenticated;


--
-- Name: COLUMN contacts.message; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(message) ON TABLE public.contacts TO anon;
GRANT INSERT(message) ON TABLE public.contacts TO authenticated;


--
-- Name: COLUMN contacts.status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(status) ON TABLE public.contacts TO anon;
GRANT INSERT(status),UPDATE(status) ON TABLE public.contacts TO authenticated;


--
-- Name: COLUMN contacts.updated_at; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(updated_at) ON TABLE public.contacts TO authenticated;


--
-- Name: TABLE deleted_bookings; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.deleted_bookings TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.deleted_bookings TO service_role;


--
-- Name: SEQUENCE deleted_bookings_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,USAGE ON SEQUENCE public.deleted_bookings_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.deleted_bookings_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.deleted_bookings_id_seq TO service_role;


--
-- Name: TABLE notification_outbox; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notification_outbox TO service_role;


--
-- Name: SEQUENCE notification_outbox_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO service_role;


--
-- Name: TABLE payment_options; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.payment_options TO anon;
GRANT SELECT,UPDATE ON TABLE public.payment_options TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.payment_options TO service_role;


--
-- Name: TABLE payments; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.payments TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.payments TO service_role;


--
-- Name: COLUMN payments.booking_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(booking_id) ON TABLE public.payments TO authenticated;


--
-- Name: COLUMN payments.kind; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(kind) ON TABLE public.payments TO authenticated;


--
-- Name: COLUMN payments.status; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(status) ON TABLE public.payments TO authenticated;


--
-- Name: COLUMN payments.amount; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(amount) ON TABLE public.payments TO authenticated;


--
-- Name: COLUMN payments.currency; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(currency) ON TABLE public.payments TO authenticated;


--
-- Name: COLUMN payments.amount_mad; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(amount_mad) ON TABLE public.payments TO authenticated;


--
-- Name: COLUMN payments.method; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(method) ON TABLE public.payments TO authenticated;


--
-- Name: COLUMN payments.note; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(note) ON TABLE public.payments TO authenticated;


--
-- Name: TABLE profiles; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE ON TABLE public.profiles TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.profiles TO service_role;


--
-- Name: COLUMN profiles.first_name; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(first_name) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.last_name; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(last_name) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.role; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(role) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.updated_at; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(updated_at) ON TABLE public.profiles TO authenticated;


--
-- Name: TABLE rental_rules; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.rental_rules TO anon;
GRANT SELECT ON TABLE public.rental_rules TO authenticated;
GRANT SELECT,UPDATE ON TABLE public.rental_rules TO service_role;


--
-- Name: COLUMN rental_rules.period_grace; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(period_grace) ON TABLE public.rental_rules TO authenticated;


--
-- Name: COLUMN rental_rules.longest_rental_days; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(longest_rental_days) ON TABLE public.rental_rules TO authenticated;


--
-- Name: COLUMN rental_rules.earliest_pickup_days; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(earliest_pickup_days) ON TABLE public.rental_rules TO authenticated;


--
-- Name: COLUMN rental_rules.free_cancellation_hours; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(free_cancellation_hours) ON TABLE public.rental_rules TO authenticated;


--
-- Name: COLUMN rental_rules.late_cancellation_days; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(late_cancellation_days) ON TABLE public.rental_rules TO authenticated;


--
-- Name: COLUMN rental_rules.terms_version; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(terms_version) ON TABLE public.rental_rules TO authenticated;


--
-- Name: TABLE reservation_settings; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.reservation_settings TO authenticated;
GRANT SELECT,UPDATE ON TABLE public.reservation_settings TO service_role;


--
-- Name: COLUMN reservation_settings.turnaround; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(turnaround) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.paypal_hold; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(paypal_hold) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.request_hold; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(request_hold) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.holds_per_address; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(holds_per_address) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.holds_per_email; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(holds_per_email) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.holds_per_phone; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(holds_per_phone) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.whatsapp_fleet_share; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(whatsapp_fleet_share) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.long_hold; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(long_hold) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.long_hold_after_days; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(long_hold_after_days) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.long_hold_rental_days; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(long_hold_rental_days) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: COLUMN reservation_settings.max_days_ahead; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(max_days_ahead) ON TABLE public.reservation_settings TO authenticated;


--
-- Name: TABLE whatsapp_clicks; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.whatsapp_clicks TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.whatsapp_clicks TO service_role;


--
-- Name: COLUMN whatsapp_clicks.car_id; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(car_id) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(car_id) ON TABLE public.whatsapp_clicks TO authenticated;


--
-- Name: COLUMN whatsapp_clicks.user_agent; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(user_agent) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(user_agent) ON TABLE public.whatsapp_clicks TO authenticated;


--
-- Name: COLUMN whatsapp_clicks.ip_address; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(ip_address) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(ip_address) ON TABLE public.whatsapp_clicks TO authenticated;


--
-- Name: SEQUENCE whatsapp_clicks_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO service_role;



-- Supabase's default grants again (as the platform's migration states them).
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
