-- The back office finds anyone (docs/booking-record.md, "Finding a customer").
--
-- phone_key: a phone number as the agency compares it, whatever way it was
-- typed. Only digits are kept; an international "00" prefix is dropped, then
-- Morocco's country code (212) or the national trunk 0, so "+212 6 61 23 45 67",
-- "00212661234567", "212661234567" and "06.61.23.45.67" all become "661234567".
-- Other countries keep their code ("+33 6 12…" becomes "33612…"), which still
-- contains the national number a search types without its 0.
create function public.phone_key(p text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when d like '212%' and length(d) >= 11 then substr(d, 4)
    when d like '0%' then substr(d, 2)
    else d
  end
  from (select regexp_replace(regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g'), '^00', '') as d) s
$$;

-- The search compares this expression; a full number finds its bookings through the index.
create index bookings_phone_key_idx on public.bookings (public.phone_key(customer_phone));

-- The ids of the bookings a back-office search matches: a phone number in any
-- form (digits, spaces, dashes, dots, parentheses and "+" only; 4 digits at
-- least, anywhere in the number), the customer's name or e-mail, the car's name
-- (any part, any case), or the reference (with or without "CR-" and the dash,
-- 3 letters or digits at least). SECURITY INVOKER: the bookings' row-level
-- security applies, so it answers administrators only; the explicit is_admin()
-- says so and returns nothing to anyone else rather than relying on it alone.
create function public.admin_search_bookings(p_query text)
returns setof uuid
language sql stable
set search_path = ''
as $$
  with q as (
    select btrim(coalesce(p_query, '')) as raw,
           '%' || replace(replace(replace(btrim(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%' as pattern,
           public.phone_key(p_query) as phone,
           btrim(coalesce(p_query, '')) ~ '^[0-9+ ().-]+$' as phone_like,
           regexp_replace(upper(regexp_replace(coalesce(p_query, ''), '[^0-9A-Za-z]', '', 'g')), '^CR', '') as ref
  )
  select b.id
  from q, public.bookings b
  left join public.cars c on c.id = b.car_id
  where (select public.is_admin())
    and q.raw <> ''
    and (
      b.customer_name ilike q.pattern
      or b.customer_email ilike q.pattern
      or c.name ilike q.pattern
      or (q.phone_like and length(q.phone) >= 4
          and (public.phone_key(b.customer_phone) = q.phone or strpos(public.phone_key(b.customer_phone), q.phone) > 0))
      or (length(q.ref) >= 3 and strpos(replace(coalesce(b.reference, ''), 'CR-', ''), q.ref) > 0)
    )
$$;
revoke execute on function public.admin_search_bookings(text) from public, anon;
grant execute on function public.admin_search_bookings(text) to authenticated, service_role;

-- The "Clients" screen: the agency's customers, one per e-mail (any case) and
-- phone (phone_key), with their bookings (latest first), the money received for
-- them (as revenue_by_month counts it: PayPal captured − refunds + counter, in
-- DH), when they last booked and their last visit (the latest pickup day, up to
-- Casablanca's today, of a booking that took place or is confirmed). SECURITY
-- INVOKER like the search: administrators only.
create function public.admin_customers()
returns table (
  customer_key text, name text, email text, phone text, booking_count integer,
  bookings jsonb, total_paid numeric, last_booked_at timestamptz, last_visit date
)
language sql stable
set search_path = ''
as $$
  with received as (
    select p.booking_id, sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end) as amount
    from public.payments p
    where (p.kind = 'paypal' and p.status = 'captured') or (p.kind in ('refund', 'counter') and p.status = 'completed')
    group by p.booking_id
  ), rows as (
    select b.id, b.reference, b.status, b.payment_status, b.start_date, b.end_date, b.total_price, b.created_at,
           b.customer_name, b.customer_phone, c.name as car,
           lower(btrim(b.customer_email)) as email_key, public.phone_key(b.customer_phone) as phone_key,
           coalesce(r.amount, 0) as received
    from public.bookings b
    left join received r on r.booking_id = b.id
    left join public.cars c on c.id = b.car_id
    where (select public.is_admin())
  )
  select email_key || ' ' || phone_key,
         (array_agg(customer_name order by created_at desc))[1],
         email_key,
         (array_agg(customer_phone order by created_at desc))[1],
         count(*)::integer,
         jsonb_agg(jsonb_build_object(
           'id', id, 'reference', reference, 'status', status, 'payment_status', payment_status,
           'start_date', start_date, 'end_date', end_date, 'total_price', total_price,
           'received', received, 'car', car, 'created_at', created_at) order by created_at desc),
         sum(received),
         max(created_at),
         max(start_date) filter (where status in ('confirmed', 'in_progress', 'completed')
                                   and start_date <= (now() at time zone 'Africa/Casablanca')::date)
  from rows
  group by email_key, phone_key
  order by max(created_at) desc
$$;
revoke execute on function public.admin_customers() from public, anon;
grant execute on function public.admin_customers() to authenticated, service_role;

-- An open booking record follows its payments live (a refund or a counter
-- payment made by another administrator): payments join the realtime
-- publication. Row-level security on delivery keeps them to administrators;
-- the full old row lets a deleted one be judged like bookings' are.
alter publication supabase_realtime add table public.payments;
alter table public.payments replica identity full;
