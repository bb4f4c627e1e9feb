-- "My booking": the traveller sees, completes, cancels or asks to change a booking
-- alone (docs/my-booking.md). Everything goes through the functions below; no
-- table is opened to anon.
--
-- Ownership is proved by the e-mail address: my_booking_request_link(reference,
-- e-mail) always answers the same, and when both match it e-mails a link carrying
-- a random token. Only the token's SHA-256 is stored, with an expiry, and it opens
-- that one booking's page and nothing else. The other functions take the token.

-- Details that do not change the price. Other features may add the same columns:
-- "if not exists" keeps whichever migration runs first.
alter table public.bookings add column if not exists flight_number text;
alter table public.bookings add column if not exists hotel_name text;
alter table public.bookings add column if not exists hotel_address text;
alter table public.bookings add column if not exists arrival_note text;
alter table public.bookings add constraint bookings_traveller_details_length check (
  coalesce(length(flight_number), 0) <= 20 and coalesce(length(hotel_name), 0) <= 200
  and coalesce(length(hotel_address), 0) <= 300 and coalesce(length(arrival_note), 0) <= 500) not valid;

-- How long an e-mailed link stays valid.
alter table public.reservation_settings
  add column my_booking_link_ttl interval not null default interval '1 hour'
    check (my_booking_link_ttl between interval '5 minutes' and interval '7 days');

-- Asking for a link: 10 a minute per address (the 11th answers 429); the changes
-- made with a link have their own bucket.
insert into private.write_limits (kind, max_burst, per) values
  ('my_booking_link', 10, interval '1 minute'),
  ('my_booking_change', 20, interval '10 minutes');

create table private.booking_links (
  token_hash bytea primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index booking_links_expires_idx on private.booking_links (expires_at);

-- What the traveller asked of the agency: other dates or another car (state
-- pending until an administrator accepts or refuses), or a cancellation made on
-- the page (state done: it took effect at once). The agency's list.
create table public.booking_change_requests (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  kind text not null check (kind in ('change', 'cancellation')),
  state text not null default 'pending' check (state in ('pending', 'accepted', 'refused', 'done')),
  car_id bigint references public.cars (id) on delete set null,
  start_date date,
  end_date date,
  pickup_time time,
  return_time time,
  quote jsonb,          -- the new quote when asked (quote_booking)
  available boolean,    -- whether the car was free for the new dates when asked
  message text check (length(message) <= 1000),
  refund_mad numeric(12,2), -- a cancellation: what is refunded online
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid,
  check (kind = 'cancellation' or (car_id is not null and start_date is not null and end_date is not null))
);
create index booking_change_requests_booking_idx on public.booking_change_requests (booking_id, created_at);
create index booking_change_requests_pending_idx on public.booking_change_requests (created_at) where state = 'pending';
alter table public.booking_change_requests enable row level security;
revoke all on public.booking_change_requests from anon, authenticated;
grant select on public.booking_change_requests to authenticated;
grant all on public.booking_change_requests to service_role;
create policy booking_change_requests_select_admin on public.booking_change_requests
  for select to authenticated using ((select public.is_admin()));
-- The back office's list is live.
alter publication supabase_realtime add table public.booking_change_requests;
alter table public.booking_change_requests replica identity full;

alter table public.notification_outbox drop constraint notification_outbox_kind_check;
alter table public.notification_outbox add constraint notification_outbox_kind_check check (kind in
  ('booking_created', 'contact_created', 'booking_confirmed', 'payment_refunded', 'payment_refunded_agency',
   'booking_link', 'change_request_decided', 'traveller_request_agency'));

-- PostgREST custom error with an HTTP status.
create function private.my_booking_error(p_status integer, p_code text, p_message text, p_details jsonb default '{}')
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = jsonb_build_object('code', p_code, 'message', p_message, 'details', p_details, 'hint', null)::text,
    detail = jsonb_build_object('status', p_status)::text;
end
$$;

-- A limit applies to visitors (as private.limit_public_writes decides).
create function private.my_booking_limit(p_kind text) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.role() in ('anon', 'authenticated') and not public.is_admin() then
    perform private.take_write_token(p_kind);
  end if;
end
$$;

-- The booking a link opens (locked for update when p_lock), or 401 MB001.
create function private.booking_for_token(p_token text, p_lock boolean default false) returns public.bookings
language plpgsql
set search_path = ''
as $$
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

-- Until when cancelling is free (Casablanca local time): the stored quote's date,
-- or for a booking quoted before it carried one, the same rule.
create function private.free_cancellation_until(b public.bookings) returns timestamp
language sql stable
set search_path = ''
as $$
  select coalesce((b.quote ->> 'free_cancellation_until')::timestamp,
                  (b.start_date + b.pickup_time) - pg_catalog.make_interval(hours => r.free_cancellation_hours))
  from public.rental_rules r
$$;

-- What a cancellation after the free window costs: the one quote's
-- late_cancellation_fee (rental_rules.late_cancellation_days); a booking quoted
-- before that figure existed costs its first rental period (the daily price).
create function private.late_cancellation_cost(b public.bookings) returns numeric
language sql stable
set search_path = ''
as $$
  select coalesce((b.quote ->> 'late_cancellation_fee')::numeric, (b.quote ->> 'daily_price')::numeric,
                  round(b.total_price::numeric / greatest(b.days, 1), 2))
$$;

-- The page's view of a booking: what was ordered, the ledger, the terms of
-- cancelling now and the requests made.
create function private.my_booking_view(b public.bookings) returns jsonb
language sql stable
set search_path = ''
as $$
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

-- Tells the agency (outbox, French) what a traveller did or asks.
create function private.tell_agency(b public.bookings, r public.booking_change_requests) returns void
language sql
set search_path = ''
as $$
  insert into public.notification_outbox (kind, language, subject_id, payload)
  values ('traveller_request_agency', 'fr', b.id::text, public.booking_notification_payload(b)
    || jsonb_build_object('request', pg_catalog.to_jsonb(r)
         || jsonb_build_object('car', (select jsonb_build_object('name', c.name, 'brand', c.brand) from public.cars c where c.id = r.car_id))));
  select pg_catalog.pg_notify('notification_outbox', '');
$$;

-- Step 1: a reference and an e-mail. The answer is the same whether they match
-- or not (and the work nearly so: one indexed lookup, a token drawn either way);
-- only a match stores the token's hash and e-mails the link.
create function public.my_booking_request_link(p_reference text, p_email text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
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

-- The booking the link opens.
create function public.my_booking(p_token text) returns jsonb
language plpgsql security definer stable
set search_path = ''
as $$
begin
  return private.my_booking_view(private.booking_for_token(p_token));
end
$$;

-- Details that do not change the price: flight number, hotel, arrival note,
-- phone. Keys absent from p_details are left as they are; an empty string clears.
-- They are saved as bookings store them (bookings_bounds_details): a flight
-- number without spaces, a phone typed the usual local ways in E.164
-- (private.phone_as_e164; one that cannot be is invalid). A detail the bookings'
-- bounds refuse is named in the answer (MB004 with its field).
create function public.my_booking_update(p_token text, p_details jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
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

-- Cancels while cancelling is free: the dates are free at once. Money paid
-- online goes back in full through the refund path: a pending refund in the
-- ledger under the key 'traveller-cancel-<booking id>' (one per booking, however
-- often the button is pressed), carried out by the payment functions, and the
-- traveller's and the agency's e-mails. After the free window: 409 MB002 with
-- the cost, nothing changed. Cancelling a cancelled booking answers it as it is.
create function public.my_booking_cancel(p_token text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
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

-- Other dates or another car: the new price from the one quote and whether the
-- car is free then (this booking's own hold aside), stored as a request the
-- agency accepts or refuses. One pending request per booking: a new one replaces it.
create function public.my_booking_change_request(
  p_token text, p_car_id bigint, p_start date, p_end date,
  p_pickup_time time default null, p_return_time time default null, p_message text default null
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
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

-- The agency's answer to a change request (administrators only). Accepting
-- moves the booking to the asked car and dates: the bookings trigger re-prices it
-- through the one quote and refuses dates someone else holds (BK001…), in which
-- case nothing changes. The traveller is told by e-mail in the booking's language.
create function public.decide_change_request(p_id uuid, p_accept boolean) returns public.booking_change_requests
language plpgsql security definer
set search_path = ''
as $$
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

-- The payment functions resolve a link to its booking (the page asks them to
-- carry out the refund its cancellation wrote).
create function private.booking_id_for_token(p_token text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select l.booking_id from private.booking_links l
  where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')) and l.expires_at > now()
$$;

revoke all on function private.my_booking_error(integer, text, text, jsonb) from public;
revoke all on function private.my_booking_limit(text) from public;
revoke all on function private.booking_for_token(text, boolean) from public;
revoke all on function private.free_cancellation_until(public.bookings) from public;
revoke all on function private.late_cancellation_cost(public.bookings) from public;
revoke all on function private.my_booking_view(public.bookings) from public;
revoke all on function private.tell_agency(public.bookings, public.booking_change_requests) from public;
revoke all on function private.booking_id_for_token(text) from public;
grant execute on function private.booking_id_for_token(text) to service_role;

revoke all on function public.my_booking_request_link(text, text) from public;
revoke all on function public.my_booking(text) from public;
revoke all on function public.my_booking_update(text, jsonb) from public;
revoke all on function public.my_booking_cancel(text) from public;
revoke all on function public.my_booking_change_request(text, bigint, date, date, time, time, text) from public;
revoke all on function public.decide_change_request(uuid, boolean) from public;
grant execute on function public.my_booking_request_link(text, text) to anon, authenticated, service_role;
grant execute on function public.my_booking(text) to anon, authenticated, service_role;
grant execute on function public.my_booking_update(text, jsonb) to anon, authenticated, service_role;
grant execute on function public.my_booking_cancel(text) to anon, authenticated, service_role;
grant execute on function public.my_booking_change_request(text, bigint, date, date, time, time, text) to anon, authenticated, service_role;
grant execute on function public.decide_change_request(uuid, boolean) to authenticated;
