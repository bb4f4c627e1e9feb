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
