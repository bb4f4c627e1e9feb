-- payments: Money: the payments ledger (PayPal captures, refunds, counter payments at the agency),
-- the PayPal capture recorded by record_paypal_capture (which refunds a capture that
-- arrives after the hold lapsed), the receipt a traveller reads by the booking's id, the
-- revenue the back office reports. quote_paid_booking keeps the stored quote in step with
-- what was paid.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── payments ───────────────────────────────────────────────────────────────────────────

CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid,
    booking_reference text NOT NULL,
    kind text NOT NULL,
    status text NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency text NOT NULL,
    amount_mad numeric(12,2) NOT NULL,
    method text,
    provider_order_id text,
    provider_capture_id text,
    provider_refund_id text,
    refund_key text,
    note text,
    failure text,
    recorded_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_amount_mad_check CHECK ((amount_mad > (0)::numeric)),
    CONSTRAINT payments_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT payments_kind_check CHECK ((kind = ANY (ARRAY['paypal'::text, 'refund'::text, 'counter'::text]))),
    CONSTRAINT payments_kind_status CHECK ((((kind = 'paypal'::text) AND (status = ANY (ARRAY['pending'::text, 'captured'::text, 'failed'::text, 'abandoned'::text]))) OR ((kind = 'refund'::text) AND (status = ANY (ARRAY['pending'::text, 'completed'::text, 'failed'::text]))) OR ((kind = 'counter'::text) AND (status = 'completed'::text) AND (method = ANY (ARRAY['cash'::text, 'card'::text]))))),
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['paypal'::text, 'cash'::text, 'card'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'captured'::text, 'failed'::text, 'abandoned'::text, 'completed'::text])))
);

COMMENT ON TABLE public.payments IS 'the money ledger: every capture, refund and counter payment of a booking';

ALTER TABLE ONLY public.payments REPLICA IDENTITY FULL;

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_provider_order_id_key UNIQUE (provider_order_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_provider_refund_id_key UNIQUE (provider_refund_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_refund_key_key UNIQUE (refund_key);

CREATE INDEX payments_booking_idx ON public.payments USING btree (booking_id, created_at);

CREATE INDEX payments_settled_idx ON public.payments USING btree (settled_at) WHERE (status = ANY (ARRAY['captured'::text, 'completed'::text]));

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.payments_after_counter() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.bookings set payment_status = 'counter'
  where id = new.booking_id and payment_status in ('none', 'pending', 'failed', 'abandoned');
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.payments_after_counter() FROM PUBLIC;
GRANT ALL ON FUNCTION public.payments_after_counter() TO service_role;

CREATE FUNCTION public.payments_before_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select b.reference into new.booking_reference from public.bookings b where b.id = new.booking_id;
  if new.booking_reference is null then
    raise exception 'payments: unknown booking %', new.booking_id using errcode = '23503';
  end if;
  if new.kind = 'counter' then
    new.amount_mad := new.amount;
    new.settled_at := now();
    new.recorded_by := auth.uid();
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION public.payments_before_insert() FROM PUBLIC;
GRANT ALL ON FUNCTION public.payments_before_insert() TO service_role;

CREATE TRIGGER payments_after_counter AFTER INSERT ON public.payments FOR EACH ROW WHEN ((new.kind = 'counter'::text)) EXECUTE FUNCTION public.payments_after_counter();

CREATE TRIGGER payments_before_insert BEFORE INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION public.payments_before_insert();

CREATE POLICY payments_insert_counter_admin ON public.payments FOR INSERT TO authenticated WITH CHECK ((( SELECT public.is_admin() AS is_admin) AND (kind = 'counter'::text) AND (status = 'completed'::text) AND (currency = 'MAD'::text)));

CREATE POLICY payments_select_admin ON public.payments FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.payments;

GRANT SELECT ON TABLE public.payments TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.payments TO service_role;

GRANT INSERT(booking_id) ON TABLE public.payments TO authenticated;

GRANT INSERT(kind) ON TABLE public.payments TO authenticated;

GRANT INSERT(status) ON TABLE public.payments TO authenticated;

GRANT INSERT(amount) ON TABLE public.payments TO authenticated;

GRANT INSERT(currency) ON TABLE public.payments TO authenticated;

GRANT INSERT(amount_mad) ON TABLE public.payments TO authenticated;

GRANT INSERT(method) ON TABLE public.payments TO authenticated;

GRANT INSERT(note) ON TABLE public.payments TO authenticated;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.booking_receipt(p_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'id', b.id, 'reference', b.reference, 'status', b.status, 'payment_status', b.payment_status,
    'payment_method', b.payment_method, 'car', jsonb_build_object('name', c.name, 'brand', c.brand, 'category', c.category),
    'start_date', b.start_date, 'end_date', b.end_date, 'pickup_time', b.pickup_time, 'return_time', b.return_time,
    'pickup_location', b.pickup_location, 'return_location', b.return_location,
    'insurance_type', b.insurance_type, 'extras', b.extras, 'payment_option', b.payment_option,
    'hold_expires_at', b.hold_expires_at, 'language', b.language,
    'customer_name', b.customer_name, 'customer_email', b.customer_email, 'customer_phone', b.customer_phone,
    'quote', b.quote)
  from public.bookings b left join public.cars c on c.id = b.car_id
  where b.id = p_id
$$;

GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO anon;
GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.booking_receipt(p_id uuid) TO service_role;

CREATE FUNCTION private.cancel_refund(b public.bookings) RETURNS numeric
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(0, private.paid_online(b.id)
                     - case when private.cancel_is_free(b) then 0 else private.late_cancellation_cost(b) end)
$$;

REVOKE ALL ON FUNCTION private.cancel_refund(b public.bookings) FROM PUBLIC;

CREATE FUNCTION private.paid_online(p_booking uuid) RETURNS numeric
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(0, coalesce(sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end), 0))
  from public.payments p
  where p.booking_id = p_booking
    and ((p.kind = 'paypal' and p.status = 'captured') or (p.kind = 'refund' and p.status in ('pending', 'completed')))
$$;

REVOKE ALL ON FUNCTION private.paid_online(p_booking uuid) FROM PUBLIC;

CREATE FUNCTION private.quote_after_payment(p_quote jsonb, p_paid numeric) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case when p_paid > 0 then p_quote || pg_catalog.jsonb_build_object(
      'due_now', p_paid,
      'due_at_pickup', greatest(0, (p_quote ->> 'total')::numeric - p_paid),
      'refund_due', greatest(0, p_paid - (p_quote ->> 'total')::numeric))
    else p_quote end
$$;

REVOKE ALL ON FUNCTION private.quote_after_payment(p_quote jsonb, p_paid numeric) FROM PUBLIC;

CREATE FUNCTION private.quote_paid_booking() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_paid numeric;
begin
  if tg_table_name = 'bookings' then
    if new.quote is distinct from old.quote then
      v_paid := private.paid_online(new.id);
      if v_paid > 0 then
        new.amount_due_now := old.amount_due_now;
        new.quote := private.quote_after_payment(new.quote, v_paid);
      end if;
    end if;
  elsif new.kind = 'change' and new.quote is not null then
    new.quote := private.quote_after_payment(new.quote, private.paid_online(new.booking_id));
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.quote_paid_booking() FROM PUBLIC;

CREATE FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_reason text;
  v_key text := 'late-capture-' || p_capture_id;
  v_refund public.payments;
begin
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'record_paypal_capture: unknown booking %', p_booking_id using errcode = 'P0002';
  end if;
  if b.paypal_order_id is null or b.charge_amount is null or b.charge_currency is null then
    raise exception 'record_paypal_capture: booking % has no PayPal order', p_booking_id using errcode = '22023';
  end if;

  -- The money in the ledger, whatever the booking becomes: revenue counts it from now.
  insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method,
      provider_order_id, provider_capture_id, settled_at)
  values (b.id, 'paypal', 'captured', b.charge_amount, b.charge_currency, b.amount_due_now, 'paypal',
      b.paypal_order_id, p_capture_id, now())
  -- settled_at is the capture's: an attempt marked abandoned when the hold lapsed
  -- carries the time it was given up, not when the money came.
  on conflict (provider_order_id) do update set status = 'captured', provider_capture_id = excluded.provider_capture_id,
      failure = null, settled_at = now()
  where payments.status <> 'captured';

  if exists (select 1 from public.payments r where r.refund_key = v_key) then
    return 'refund'; -- decided before
  end if;
  if b.payment_status = 'paid' then
    return 'confirmed'; -- recorded before
  end if;

  if b.status in ('pending', 'expired') then
    -- An expired booking takes its dates again: the hold trigger refuses (409
    -- PGRST, or the exclusion constraint) when someone else holds them now.
    begin
      update public.bookings
      set status = 'confirmed', payment_status = 'paid', payment_method = 'paypal', payment_id = p_capture_id,
          payment_error = null, paypal_closed_at = now()
      where id = b.id;
      return 'confirmed';
    exception when sqlstate 'PGRST' or exclusion_violation then
      v_reason := 'dates_taken';
    end;
  elsif b.status = 'cancelled' then
    v_reason := 'cancelled';
  else -- confirmed, in progress or completed by an administrator meanwhile
    update public.bookings
    set payment_status = 'paid', payment_method = 'paypal', payment_id = p_capture_id, payment_error = null,
        paypal_closed_at = now()
    where id = b.id;
    return 'confirmed';
  end if;

  -- The booking cannot take the money: all of it goes back.
  insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method,
      provider_capture_id, refund_key, note)
  select b.id, 'refund', 'pending', p.amount, p.currency, p.amount_mad, 'paypal', p_capture_id, v_key,
    case v_reason
      when 'dates_taken' then 'Remboursement automatique : paiement PayPal reçu après l''expiration de la réservation, dont les dates ont été reprises'
      else 'Remboursement automatique : paiement PayPal reçu pour une réservation annulée' end
  from public.payments p where p.provider_order_id = b.paypal_order_id
  returning * into v_refund;
  update public.bookings
  set payment_id = p_capture_id, paypal_closed_at = now(),
      payment_error = 'Paiement PayPal ' || p_capture_id || ' reçu trop tard : remboursement intégral automatique'
  where id = b.id
  returning * into b;

  insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
  select k.kind, k.recipient, b.language, b.id::text,
    public.booking_notification_payload(b) || jsonb_build_object('refund', jsonb_build_object(
      'reason', v_reason, 'amount', v_refund.amount, 'currency', v_refund.currency,
      'amount_mad', v_refund.amount_mad, 'capture_id', p_capture_id))
  from (values ('payment_refunded', b.customer_email), ('payment_refunded_agency', null)) as k (kind, recipient);
  perform pg_catalog.pg_notify('notification_outbox', '');
  return 'refund';
end
$$;

COMMENT ON FUNCTION public.record_paypal_capture(uuid, text) IS 'records a PayPal capture, or refunds one that came after the hold lapsed';

REVOKE ALL ON FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_paypal_capture(p_booking_id uuid, p_capture_id text) TO service_role;

CREATE FUNCTION public.revenue_by_month(p_from date, p_to date) RETURNS TABLE(month date, online numeric, refunds numeric, counter numeric, received numeric)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select date_trunc('month', p.settled_at at time zone 'Africa/Casablanca')::date,
         coalesce(sum(p.amount_mad) filter (where p.kind = 'paypal'), 0),
         coalesce(sum(p.amount_mad) filter (where p.kind = 'refund'), 0),
         coalesce(sum(p.amount_mad) filter (where p.kind = 'counter'), 0),
         coalesce(sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end), 0)
  from public.payments p
  where ((p.kind = 'paypal' and p.status = 'captured') or (p.kind in ('refund', 'counter') and p.status = 'completed'))
    and (p.settled_at at time zone 'Africa/Casablanca')::date >= p_from
    and (p.settled_at at time zone 'Africa/Casablanca')::date < p_to
  group by 1
  order by 1
$$;

REVOKE ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.revenue_by_month(p_from date, p_to date) TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER bookings_reprice_paid BEFORE UPDATE OF car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option, payment_method ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.quote_paid_booking();
