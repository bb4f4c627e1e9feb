-- "My booking" asks the booking state machine (public.booking_transitions) what the
-- traveller may do, instead of its own list of statuses: cancel where the table lets
-- the traveller cancel, ask a change where it lets the trip change (so not on a
-- booking refunded in full). Bodies as before otherwise.

create or replace function private.my_booking_view(b public.bookings) RETURNS jsonb
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
      'possible', private.booking_may(b, 'cancelled', true)),
    'requests', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind, 'state', r.state,
                   'car', (select jsonb_build_object('id', c.id, 'name', c.name, 'brand', c.brand) from public.cars c where c.id = r.car_id),
                   'start_date', r.start_date, 'end_date', r.end_date, 'pickup_time', r.pickup_time, 'return_time', r.return_time,
                   'total', r.quote -> 'total', 'available', r.available, 'created_at', r.created_at, 'decided_at', r.decided_at)
                   order by r.created_at)
                 from public.booking_change_requests r where r.booking_id = b.id), '[]'))
$$;

create or replace function public.my_booking_cancel(p_token text) RETURNS jsonb
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
  if not private.booking_may(b, 'cancelled', true) then
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

create or replace function public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date,
    p_pickup_time time without time zone default null, p_return_time time without time zone default null,
    p_message text default null) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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
  v_quote := public.quote_booking(v_car, p_start, p_end, b.insurance_type, b.extras, b.payment_option, v_pickup, v_return);
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
