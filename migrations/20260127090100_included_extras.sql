-- What a car includes costs nothing. The car page says the Clio includes a child
-- seat (cars.baby_seat_included) while the quote charged it per day: the quote
-- never read the car's *_included columns. Each extra now names the car column
-- that includes it; the quote charges 0 for an included extra and lists the
-- car's included extras, so the car page, the wizard, the stored booking, the
-- e-mail and the back office read one answer.

alter table public.booking_options
  add column included_by text check (included_by in
    ('gps_included', 'baby_seat_included', 'second_driver_included', 'roadside_assistance_included'));
comment on column public.booking_options.included_by is
  'the boolean column of public.cars that, when true, includes this extra at no charge';
update public.booking_options set included_by = case key
  when 'gps' then 'gps_included'
  when 'childSeat' then 'baby_seat_included'
  when 'additionalDriver' then 'second_driver_included'
  when 'roadAssistance' then 'roadside_assistance_included'
  end
where kind = 'extra';

-- The extras a car includes, in the price list's order, from the car's row as
-- JSON (to_jsonb(cars row)).
create function public.included_extras(p_car jsonb) returns text[]
language sql stable
set search_path = ''
as $$
  select coalesce(array_agg(o.key order by o.position), '{}')
  from public.booking_options o
  where o.kind = 'extra' and o.included_by is not null and coalesce((p_car ->> o.included_by)::boolean, false)
$$;
grant execute on function public.included_extras(jsonb) to anon, authenticated, service_role;

create or replace function public.quote_booking(
  p_car_id bigint,
  p_start date,
  p_end date,
  p_insurance text default 'basic',
  p_extras jsonb default '{}',
  p_payment_option text default 'full',
  p_pickup_time time default null,
  p_return_time time default null
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
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
begin
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

  select * into v_opt from public.booking_options o where o.key = coalesce(p_insurance, 'basic') and o.kind = 'insurance';
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
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_car.category), 0));
end
$$;
