-- "My booking" saves a flight number and a phone the way the wizard stores them,
-- since bookings refuse any other form (20260128030000: a phone in E.164, a
-- flight number such as AT200): spaces leave a flight number, a phone typed the
-- usual local ways becomes E.164 (private.phone_as_e164), and one that cannot is
-- refused as invalid. A detail the bookings' bounds refuse is named in the
-- answer (MB004 with its field) rather than called too long.
create or replace function public.my_booking_update(p_token text, p_details jsonb) returns jsonb
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

-- What a cancellation after the free window costs is the one quote's
-- late_cancellation_fee (20260128020000, rental_rules.late_cancellation_days);
-- a booking quoted before that figure existed costs its first rental period.
create or replace function private.late_cancellation_cost(b public.bookings) returns numeric
language sql stable
set search_path = ''
as $$
  select coalesce((b.quote ->> 'late_cancellation_fee')::numeric, (b.quote ->> 'daily_price')::numeric,
                  round(b.total_price::numeric / greatest(b.days, 1), 2))
$$;
