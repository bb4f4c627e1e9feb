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
