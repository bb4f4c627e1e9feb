-- Made by scripts/schema-diff.sh from rental/supabase/schemas (docs/schema.md); reviewed.
-- The schema files state every grant: Supabase's default grants on public are
-- suspended while this runs, as when the files load (migrations.ApplySchemas).
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

comment on function public.bookings_compute_price() is 'a booking''s price is the quote''s, whatever the client sent';
comment on function public.bookings_hold() is 'holds the car''s dates for a pending booking until it is paid or expires';
comment on function public.is_admin() is 'the one definition of an administrator: the admin role and, with a verified factor, an aal2 session';
comment on function public.page_data(pg_catalog.text) is 'what the page renderer shows for a path: one query, so a page is one read';
comment on function public.quote_booking(bigint,pg_catalog.date,pg_catalog.date,pg_catalog.text,pg_catalog.jsonb,pg_catalog.text,time without time zone,time without time zone,pg_catalog.text) is 'the one price of a trip: the site, the e-mails and the bookings trigger read it';
comment on function public.record_paypal_capture(pg_catalog.uuid,pg_catalog.text) is 'records a PayPal capture, or refunds one that came after the hold lapsed';
comment on table private.admin_settings is 'one row: whether administrators must use a second factor (set at start from the environment)';
comment on table private.booking_links is '"My booking" links: hashed tokens, so a leaked table opens no booking';
comment on table private.pickup_reminders is 'the bookings already reminded of their pickup (one reminder each)';
comment on table private.review_links is 'review invitation links: hashed tokens, one booking each';
comment on table private.write_buckets is 'token buckets of the write limits, keyed kind:address';
comment on table private.write_limits is 'per-address write limits of the public site (burst and refill period per kind)';
comment on table public.blog_posts is 'the blog: published posts are public, drafts are the administrators''';
comment on table public.booking_change_requests is 'a traveller''s asked change of dates or car, decided by an administrator';
comment on table public.booking_options is 'the price list of insurances and extras quote_booking reads';
comment on table public.bookings is 'a traveller''s rental of a car for dates; priced, referenced and held by the database';
comment on table public.car_blocks is 'a car taken out of the fleet for dates (maintenance): availability never offers it then';
comment on table public.car_images is 'a car''s pictures in display order (storage bucket car-images)';
comment on table public.cars is 'the fleet the site shows and the bookings name; its slug is its address on the site';
comment on table public.category_deposits is 'the deposit per car category, stated before booking';
comment on table public.category_excess is 'the excess per car category and insurance, stated before booking';
comment on table public.category_key_facts is 'the key facts per car category (age, licence years) a traveller confirms';
comment on table public.contacts is 'messages sent by the contact form';
comment on table public.deleted_bookings is 'what a deleted booking was, kept for the agency''s books';
comment on table public.notification_outbox is 'e-mails to send, written in the transaction of their event; the server''s worker sends them';
comment on table public.payment_options is 'how a traveller may pay (full, half, at the agency) and the discount and share due now';
comment on table public.payments is 'the money ledger: every capture, refund and counter payment of a booking';
comment on table public.profiles is 'one row per account (auth.users): its role decides is_admin()';
comment on table public.rental_rules is 'one row: the rental terms the price, the bookings and the pages state';
comment on table public.reservation_settings is 'one row: how long holds and links live, how many holds one address may keep';
comment on table public.whatsapp_clicks is 'clicks on a car''s WhatsApp button, counted for the back office';

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
