-- The price of a rental (SPEC section 9), in one place: the site's preview calls it
-- (POST /rest/v1/rpc/quote_booking) and the bookings trigger stores its total, so
-- the two cannot disagree.
--   days      = end - start, at least 1 (a same-day rental is one day)
--   base      = days x the car's daily price
--   insurance = days x (basic 0 | premium 75 | platinum 120)
--   extras    = days x (gps, wifi, childSeat, additionalDriver, jawazPass 50 each;
--               carFridge 35) + roadAssistance 350 once
--   subtotal  = base + insurance + extras
--   total     = round(subtotal x (full 0.9 | half 0.95 | reserve 1.0))
-- Bad input raises SQLSTATE 22023 (invalid_parameter_value) with a clear message.
create function public.quote_booking(
  p_car_id bigint,
  p_start date,
  p_end date,
  p_insurance text default 'basic',
  p_extras jsonb default '{}',
  p_payment_option text default 'full'
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_price integer;
  v_days integer;
  v_insurance_per_day integer;
  v_extras_per_day integer := 0;
  v_extras_once integer := 0;
  v_factor numeric;
  v_key text;
  v_value jsonb;
  v_base integer;
  v_insurance integer;
  v_extras integer;
  v_subtotal integer;
begin
  if p_car_id is null then
    raise exception 'quote_booking: a car is required' using errcode = '22023';
  end if;
  select c.price into v_price from public.cars c where c.id = p_car_id;
  if not found then
    raise exception 'quote_booking: unknown car %', p_car_id using errcode = '22023';
  end if;
  if p_start is null or p_end is null then
    raise exception 'quote_booking: start and end dates are required' using errcode = '22023';
  end if;
  if p_end < p_start then
    raise exception 'quote_booking: end date % is before start date %', p_end, p_start using errcode = '22023';
  end if;
  v_days := greatest(p_end - p_start, 1);

  v_insurance_per_day := case coalesce(p_insurance, 'basic')
    when 'basic' then 0 when 'premium' then 75 when 'platinum' then 120 end;
  if v_insurance_per_day is null then
    raise exception 'quote_booking: unknown insurance "%" (basic, premium or platinum)', p_insurance using errcode = '22023';
  end if;

  if p_extras is not null and jsonb_typeof(p_extras) <> 'object' then
    raise exception 'quote_booking: extras must be a JSON object of booleans' using errcode = '22023';
  end if;
  for v_key, v_value in select e.key, e.value from jsonb_each(coalesce(p_extras, '{}'::jsonb)) e loop
    if v_key not in ('gps', 'wifi', 'childSeat', 'additionalDriver', 'jawazPass', 'carFridge', 'roadAssistance') then
      raise exception 'quote_booking: unknown extra "%"', v_key using errcode = '22023';
    end if;
    if jsonb_typeof(v_value) not in ('boolean', 'null') then
      raise exception 'quote_booking: extra "%" must be true or false', v_key using errcode = '22023';
    end if;
    if v_value = 'true'::jsonb then
      case v_key
        when 'roadAssistance' then v_extras_once := v_extras_once + 350;
        when 'carFridge' then v_extras_per_day := v_extras_per_day + 35;
        else v_extras_per_day := v_extras_per_day + 50;
      end case;
    end if;
  end loop;

  v_factor := case coalesce(p_payment_option, 'full')
    when 'full' then 0.9 when 'half' then 0.95 when 'reserve' then 1.0 end;
  if v_factor is null then
    raise exception 'quote_booking: unknown payment option "%" (full, half or reserve)', p_payment_option using errcode = '22023';
  end if;

  v_base := v_days * v_price;
  v_insurance := v_days * v_insurance_per_day;
  v_extras := v_days * v_extras_per_day + v_extras_once;
  v_subtotal := v_base + v_insurance + v_extras;
  return jsonb_build_object(
    'days', v_days,
    'daily_price', v_price,
    'base', v_base,
    'insurance', v_insurance,
    'extras', v_extras,
    'subtotal', v_subtotal,
    'discount_rate', 1 - v_factor,
    'total', round(v_subtotal * v_factor)::integer);
end
$$;
grant execute on function public.quote_booking(bigint, date, date, text, jsonb, text) to anon, authenticated, service_role;
