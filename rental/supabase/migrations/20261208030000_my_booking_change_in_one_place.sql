-- Made by scripts/schema-diff.sh from rental/supabase/schemas (docs/schema.md); reviewed.
-- The schema files state every grant: Supabase's default grants on public are
-- suspended while this runs, as when the files load (migrations.ApplySchemas).
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

set local check_function_bodies = off;
CREATE OR REPLACE FUNCTION private.my_booking_change_check(b bookings, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, OUT car_id bigint, OUT pickup_time time without time zone, OUT return_time time without time zone, OUT quote jsonb, OUT available boolean)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$
;
REVOKE ALL ON FUNCTION private.my_booking_change_check(b public.bookings, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone, p_return_time time without time zone, OUT car_id bigint, OUT pickup_time time without time zone, OUT return_time time without time zone, OUT quote jsonb, OUT available boolean) FROM PUBLIC;
CREATE OR REPLACE FUNCTION public.my_booking_change_quote(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings := private.booking_for_token(p_token, false);
  c record;
begin
  c := private.my_booking_change_check(b, p_car_id, p_start, p_end, p_pickup_time, p_return_time);
  return jsonb_build_object('quote', c.quote, 'available', c.available, 'current_total', b.total_price);
end
$function$
;
CREATE OR REPLACE FUNCTION public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date, p_pickup_time time without time zone DEFAULT NULL::time without time zone, p_return_time time without time zone DEFAULT NULL::time without time zone, p_message text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;
comment on function private.my_booking_change_check(public.bookings,bigint,pg_catalog.date,pg_catalog.date,time without time zone,time without time zone) is 'a change of a booking (car, dates, times; unset ones keep the booking''s) as "My booking" checks it for the quote it shows and the request it sends alike: the booking may still change, the dates start today or later and keep the rental rules; the answer is the new quote (same cover, extras and payment) and whether the car is free then, apart from the booking''s own hold';

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
