-- "My booking" lets the traveller cancel after the free window too: the cost (the
-- stored quote's late_cancellation_fee, private.late_cancellation_cost) is stated
-- first and sent back as agreed; an online payment is refunded less that cost, once,
-- through the same pending refund as a free cancellation (key
-- 'traveller-cancel-<booking id>', carried out by my-booking-refund or the
-- reconciliation loop). Before, the page only said the window was over and sent the
-- traveller to the phone.
--
-- A booking made with its window already over has no free moment
-- (private.free_cancellation_until is null): every comparison with it says "not free".

-- The traveller's cancellation of b, free (p_fee 0) or late (p_fee the stated cost):
-- status cancelled, a note, the refund of what was paid online less the fee, the
-- agency's request row and e-mail, the traveller's refund e-mail.
create function private.traveller_cancel(b public.bookings, p_fee numeric) returns public.bookings
  language plpgsql
  set search_path = ''
as $$
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
revoke all on function private.traveller_cancel(public.bookings, numeric) from public;

-- Whether cancelling b now is free: before its free moment (none: never).
create function private.cancel_is_free(b public.bookings) returns boolean
  language sql stable
  set search_path = ''
as $$
  select coalesce((now() at time zone 'Africa/Casablanca') <= private.free_cancellation_until(b), false)
$$;
revoke all on function private.cancel_is_free(public.bookings) from public;

-- What cancelling b now would give back of its online payment.
create function private.cancel_refund(b public.bookings) returns numeric
  language sql stable
  set search_path = ''
as $$
  select greatest(0, private.paid_online(b.id)
                     - case when private.cancel_is_free(b) then 0 else private.late_cancellation_cost(b) end)
$$;
revoke all on function private.cancel_refund(public.bookings) from public;

-- The free cancellation, as before; after the window MB002 with what it would cost
-- (details {free_until, cost, refund}): the page then offers my_booking_cancel_late.
create or replace function public.my_booking_cancel(p_token text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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

-- A cancellation after the free window: p_fee is the cost the page stated
-- (my_booking's cancellation.cost); another figure (the page was stale) answers
-- MB002 with the current one and nothing changes. While the window is still open
-- it is the free cancellation (nothing is kept).
create function public.my_booking_cancel_late(p_token text, p_fee numeric) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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
revoke all on function public.my_booking_cancel_late(text, numeric) from public;
grant execute on function public.my_booking_cancel_late(text, numeric) to anon, authenticated, service_role;

-- The page's view: cancellation {free_until (null when no free window was
-- promised), free_now, cost, refund (what cancelling now gives back of an online
-- payment), possible}. Otherwise as before.
create or replace function private.my_booking_view(b public.bookings) returns jsonb
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

-- A change is quoted on the booking's channel (the online price for a PayPal
-- booking, the agency's otherwise), as the booking is priced once it is accepted.
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
