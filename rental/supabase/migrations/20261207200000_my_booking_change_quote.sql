-- "My booking": the change form shows what other dates or another car would cost
-- before the traveller sends the request. The figures are the ones the request
-- stores (quote_booking with the booking's insurance, extras, payment option and
-- channel, as my_booking_change_request prices it), and whether the car is free for them;
-- nothing is written.

create or replace function public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date,
    p_pickup_time time without time zone default null, p_return_time time without time zone default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
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

revoke all on function public.my_booking_change_quote(text, bigint, date, date, time, time) from public;
grant execute on function public.my_booking_change_quote(text, bigint, date, date, time, time) to anon, authenticated, service_role;
