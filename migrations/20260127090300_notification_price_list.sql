-- The e-mails list the extras in the price list's order and state the payment
-- terms (discount, share due now) from the database, as the site does: the
-- notification payload carries them, so no template restates the list of extras
-- or "-10 %".
create or replace function public.booking_notification_payload(b public.bookings) returns jsonb
language sql stable
set search_path = ''
as $$
  select (pg_catalog.to_jsonb(b) - 'notes' - 'user_id')
    || pg_catalog.jsonb_build_object('car',
         (select pg_catalog.jsonb_build_object('id', c.id, 'name', c.name, 'brand', c.brand, 'category', c.category)
          from public.cars c where c.id = b.car_id))
    || pg_catalog.jsonb_build_object('extra_keys',
         (select coalesce(pg_catalog.jsonb_agg(o.key order by o.position), '[]')
          from public.booking_options o where o.kind = 'extra'))
    || pg_catalog.jsonb_build_object('payment_terms',
         (select pg_catalog.jsonb_build_object('discount_percent', p.discount_percent, 'due_now_percent', p.due_now_percent)
          from public.payment_options p where p.key = b.payment_option))
$$;
