-- Free cancellation with a date: the traveller learns before committing until
-- when cancelling costs nothing (SPEC: up to 24 hours before pickup). The number
-- of hours is a rental rule; the quote answers the moment for each rental
-- (free_cancellation_until, local Casablanca time), so the wizard, the stored
-- booking (bookings.quote) and the e-mails state the same date.

alter table public.rental_rules
  add column free_cancellation_hours integer not null default 24 check (free_cancellation_hours between 0 and 720);
grant update (free_cancellation_hours) on public.rental_rules to authenticated;

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
  v_rules public.rental_rules;
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
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_car.category), 0),
    -- local time (Casablanca), as the pickup
    'free_cancellation_until', to_char(p_start + coalesce(p_pickup_time, p_return_time, time '10:00')
                                       - make_interval(hours => v_rules.free_cancellation_hours), 'YYYY-MM-DD"T"HH24:MI:SS'));
end
$$;
