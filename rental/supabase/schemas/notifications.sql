-- notifications: The outbox: rows the database writes in the same transaction as the event (a booking
-- made, moved, paid, a message received), which the server's notification worker mails.
-- The payload comes from booking_notification_payload, so the e-mails state the price
-- list and terms the database used. Pickup reminders are queued once per booking.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── notification_outbox ────────────────────────────────────────────────────────────────

CREATE TABLE public.notification_outbox (
    id bigint NOT NULL,
    kind text NOT NULL,
    recipient text,
    language text DEFAULT 'fr'::text NOT NULL,
    subject_id text NOT NULL,
    payload jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    CONSTRAINT notification_outbox_kind_check CHECK ((kind = ANY ('{booking_cancelled,booking_confirmed,booking_created,booking_link,booking_requested,change_request_decided,contact_created,hold_expired,payment_refunded,payment_refunded_agency,pickup_reminder,traveller_request_agency,review_request}'::text[]))),
    CONSTRAINT notification_outbox_language_check CHECK ((language = ANY (ARRAY['fr'::text, 'en'::text, 'ar'::text]))),
    CONSTRAINT notification_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'logged'::text, 'skipped'::text])))
);

COMMENT ON TABLE public.notification_outbox IS 'e-mails to send, written in the transaction of their event; the server''s worker sends them';

ALTER TABLE public.notification_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.notification_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.notification_outbox
    ADD CONSTRAINT notification_outbox_pkey PRIMARY KEY (id);

CREATE INDEX notification_outbox_due_idx ON public.notification_outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);

CREATE INDEX notification_outbox_subject_idx ON public.notification_outbox USING btree (subject_id);

ALTER TABLE public.notification_outbox ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.outbox_my_booking_link() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  b public.bookings;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
begin
  if new.subject_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return new;
  end if;
  select * into b from public.bookings where id = new.subject_id::uuid;
  if b.id is null or lower(btrim(b.customer_email)) <> lower(btrim(new.recipient)) then
    return new; -- a link goes only to the address the booking was made with
  end if;
  select greatest(now() + s.my_booking_link_ttl,
                  ((b.end_date + b.return_time) at time zone 'Africa/Casablanca') + private.my_booking_mail_link_after())
  into v_expires from public.reservation_settings s;
  insert into private.booking_links (token_hash, booking_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), b.id, v_expires);
  delete from private.booking_links l
  where l.booking_id = b.id and l.token_hash not in (
    select k.token_hash from private.booking_links k
    where k.booking_id = b.id and k.expires_at > now()
    order by k.created_at desc, k.expires_at desc
    limit private.my_booking_live_links());
  new.payload := new.payload || jsonb_build_object('link', jsonb_build_object('token', v_token, 'expires_at', v_expires));
  return new;
end
$_$;

REVOKE ALL ON FUNCTION private.outbox_my_booking_link() FROM PUBLIC;

CREATE TRIGGER notification_outbox_my_booking_link BEFORE INSERT ON public.notification_outbox FOR EACH ROW WHEN (((new.recipient IS NOT NULL) AND (NOT (new.payload ? 'link'::text)))) EXECUTE FUNCTION private.outbox_my_booking_link();

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notification_outbox TO service_role;

GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.notification_outbox_id_seq TO service_role;

-- ── pickup_reminders ───────────────────────────────────────────────────────────────────

CREATE TABLE private.pickup_reminders (
    booking_id uuid NOT NULL,
    pickup_at timestamp without time zone NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.pickup_reminders IS 'the bookings already reminded of their pickup (one reminder each)';

ALTER TABLE ONLY private.pickup_reminders
    ADD CONSTRAINT pickup_reminders_pkey PRIMARY KEY (booking_id, pickup_at);

ALTER TABLE ONLY private.pickup_reminders
    ADD CONSTRAINT pickup_reminders_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.booking_notification_payload(b public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.booking_notification_payload(b public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_notification_payload(b public.bookings) TO service_role;

CREATE FUNCTION public.bookings_enqueue_notifications() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_agency boolean;
begin
  if tg_op = 'INSERT' then
    v_agency := new.payment_method is distinct from 'paypal';
  else
    v_agency := (new.payment_method = 'paypal' and new.payment_status = 'paid' and old.payment_status is distinct from 'paid')
             or (old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal');
  end if;
  if v_agency then
    insert into public.notification_outbox (kind, language, subject_id, payload)
    values ('booking_created', new.language, new.id::text, public.booking_notification_payload(new));
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.bookings_enqueue_notifications() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_enqueue_notifications() TO service_role;

CREATE FUNCTION private.bookings_tell_traveller() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_kind text;
  v_extra jsonb := '{}';
begin
  select * into b from public.bookings where id = new.id;
  if b.id is null or b.status is distinct from new.status
     or (tg_op = 'UPDATE' and b.payment_method is distinct from new.payment_method) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    v_kind := case when new.status = 'confirmed' then 'booking_confirmed'
                   when new.status = 'pending' and new.payment_method is distinct from 'paypal' then 'booking_requested' end;
  elsif new.status = 'pending' and old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal' then
    v_kind := 'booking_requested'; -- from the PayPal attempt to a request sent on WhatsApp
  elsif old.status <> new.status then
    select t.tells_traveller into v_kind from public.booking_transitions t
    where t.from_status = old.status and t.to_status = new.status;
    if old.status = 'pending' and new.status in ('cancelled', 'expired') and new.payment_method = 'paypal' then
      v_kind := null; -- a PayPal attempt never paid was never announced: its end is not either
    end if;
  end if;
  if v_kind is null then
    return null;
  end if;
  if v_kind = 'booking_cancelled' then
    v_extra := jsonb_build_object('cancellation', private.cancellation_facts(b));
  end if;
  insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
  values (v_kind, b.customer_email, b.language, b.id::text, public.booking_notification_payload(b) || v_extra);
  perform pg_catalog.pg_notify('notification_outbox', '');
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.bookings_tell_traveller() FROM PUBLIC;

CREATE FUNCTION public.contacts_enqueue_notification() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.notification_outbox (kind, language, subject_id, payload)
  values ('contact_created', 'fr', new.id::text, pg_catalog.to_jsonb(new));
  perform pg_catalog.pg_notify('notification_outbox', '');
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.contacts_enqueue_notification() FROM PUBLIC;
GRANT ALL ON FUNCTION public.contacts_enqueue_notification() TO service_role;

CREATE FUNCTION private.my_booking_mail_link_after() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '30 days' $$;

REVOKE ALL ON FUNCTION private.my_booking_mail_link_after() FROM PUBLIC;

CREATE FUNCTION private.pickup_reminder_before() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '24 hours' $$;

REVOKE ALL ON FUNCTION private.pickup_reminder_before() FROM PUBLIC;

CREATE FUNCTION public.send_pickup_reminders() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_local timestamp := now() at time zone 'Africa/Casablanca';
  v_n integer;
begin
  with due as (
    select b.id, b.start_date + b.pickup_time as pickup_at
    from public.bookings b
    where b.status = 'confirmed'
      and b.start_date between v_local::date and (v_local + private.pickup_reminder_before())::date
      and b.start_date + b.pickup_time > v_local
      and b.start_date + b.pickup_time <= v_local + private.pickup_reminder_before()
      and (b.created_at at time zone 'Africa/Casablanca') < b.start_date + b.pickup_time - private.pickup_reminder_before()
  ), marked as (
    insert into private.pickup_reminders (booking_id, pickup_at)
    select id, pickup_at from due
    on conflict do nothing
    returning booking_id
  ), queued as (
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    select 'pickup_reminder', b.customer_email, b.language, b.id::text, public.booking_notification_payload(b)
    from marked m join public.bookings b on b.id = m.booking_id
    returning 1
  )
  select count(*)::integer into v_n from queued;
  if v_n > 0 then
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return v_n;
end
$$;

REVOKE ALL ON FUNCTION public.send_pickup_reminders() FROM PUBLIC;
GRANT ALL ON FUNCTION public.send_pickup_reminders() TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER bookings_enqueue_notifications AFTER INSERT OR UPDATE OF status, payment_status ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_enqueue_notifications();

CREATE CONSTRAINT TRIGGER bookings_tell_traveller AFTER INSERT OR UPDATE OF status, payment_status, payment_method ON public.bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.bookings_tell_traveller();

CREATE TRIGGER contacts_enqueue_notification AFTER INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.contacts_enqueue_notification();
