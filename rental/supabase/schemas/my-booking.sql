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

CREATE FUNCTION private.my_booking_change_check(b public.bookings, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, OUT car_id bigint, OUT pickup_time time without time zone, OUT return_time time without time zone, OUT quote jsonb, OUT available boolean) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_car bigint := coalesce(p_car_id, b.car_id);
  v_pickup time := coalesce(p_pickup_time, b.pickup_time);
  v_return time := coalesce(p_return_time, b.return_time);
begin
  if not private.booking_may(b, b.status, true) then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be changed',
      jsonb_build_object('status', b.status, 'payment_status', b.payment_status));
  end if;
  if p_start is null or p_end is null or p_start < (now() at time zone 'Africa/Casablanca')::date then
    perform private.my_booking_error(400, 'MB004', 'Choose dates from today on');
  end if;
  perform private.check_booking_rules(p_start, p_end, v_pickup, v_return, public.rental_is_visitor());
  car_id := v_car;
  pickup_time := v_pickup;
  return_time := v_return;
  quote := public.quote_booking(v_car, p_start, p_end, b.insurance_type, b.extras, b.payment_option, v_pickup, v_return,
                                case when b.payment_method = 'paypal' then 'paypal' end);
  select not exists (
      select 1 from public.bookings o
      where o.car_id = v_car and o.id <> b.id and o.status not in ('cancelled', 'expired')
        and o.hold && tsrange(p_start + v_pickup, p_end + v_return + s.turnaround))
    and not exists (select 1 from public.car_blocks k where k.car_id = v_car and k.start_date <= p_end and k.end_date >= p_start)
    and exists (select 1 from public.cars c where c.id = v_car and c.available
                and (c.not_available_until is null or c.not_available_until <= p_start))
    into available
  from public.reservation_settings s;
end
$$;

REVOKE ALL ON FUNCTION private.my_booking_change_check(b public.bookings, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, OUT car_id bigint, OUT pickup_time time without time zone, OUT return_time time without time zone, OUT quote jsonb, OUT available boolean) FROM PUBLIC;

COMMENT ON FUNCTION private.my_booking_change_check(b public.bookings, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, OUT car_id bigint, OUT pickup_time time without time zone, OUT return_time time without time zone, OUT quote jsonb, OUT available boolean) IS 'a change of a booking (car, dates, times; unset ones keep the booking''s) as "My booking" checks it for the quote it shows and the request it sends alike: the booking may still change, the dates start today or later and keep the rental rules; the answer is the new quote (same cover, extras and payment) and whether the car is free then, apart from the booking''s own hold';

CREATE FUNCTION public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings := private.booking_for_token(p_token, false);
  c record;
begin
  c := private.my_booking_change_check(b, p_car_id, p_start, p_end, p_pickup_time, p_return_time);
  return jsonb_build_object('quote', c.quote, 'available', c.available, 'current_total', b.total_price);
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
  c record;
  r public.booking_change_requests;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  c := private.my_booking_change_check(b, p_car_id, p_start, p_end, p_pickup_time, p_return_time);
  if nullif(btrim(p_message), '') is not null and length(btrim(p_message)) > 1000 then
    perform private.my_booking_error(400, 'MB004', 'The message is too long');
  end if;
  update public.booking_change_requests set state = 'refused', decided_at = now()
  where booking_id = b.id and kind = 'change' and state = 'pending';
  insert into public.booking_change_requests (booking_id, kind, car_id, start_date, end_date, pickup_time, return_time,
      quote, available, message)
  values (b.id, 'change', c.car_id, p_start, p_end, c.pickup_time, c.return_time, c.quote, c.available, nullif(btrim(p_message), ''))
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
