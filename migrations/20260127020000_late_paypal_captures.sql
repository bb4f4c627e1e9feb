-- A payment is never lost. PayPal may capture an order and its answer never reach
-- us (the visitor's capture timed out); the hold then lapses and the booking
-- expires, or an administrator cancels it. Whoever learns of that capture later
-- (the reconciliation loop of any replica, or the visitor retrying) records it
-- here, once, under the booking's lock:
--   - the capture goes into the ledger whatever happens to the booking;
--   - a booking still pending, or expired with its dates still free, is confirmed
--     (the usual confirmation e-mails follow from the notifications trigger);
--   - a booking already confirmed by an administrator is marked paid;
--   - a cancelled booking, or an expired one whose dates were taken since, gets a
--     full refund written to the ledger as pending (the payment functions carry it
--     out through PayPal with a request id derived from it), and the traveller and
--     the agency are told by e-mail.

-- Reconciliation asks PayPal about an order until this is set: the capture was
-- recorded, or PayPal can no longer capture it.
alter table public.bookings add column paypal_closed_at timestamptz;
comment on column public.bookings.paypal_closed_at is
  'when reconciliation found this PayPal order at its end (capture recorded, or past the time PayPal could still capture it)';
update public.bookings set paypal_closed_at = now()
where paypal_order_id is not null and (payment_id is not null or payment_status not in ('pending', 'failed', 'abandoned', 'none'));
create index bookings_paypal_open_idx on public.bookings (created_at)
  where paypal_order_id is not null and paypal_closed_at is null and payment_id is null;

-- The traveller's and the agency's e-mails about an automatic refund.
alter table public.notification_outbox drop constraint notification_outbox_kind_check;
alter table public.notification_outbox add constraint notification_outbox_kind_check check (kind in
  ('booking_created', 'contact_created', 'booking_confirmed', 'payment_refunded', 'payment_refunded_agency'));

-- Records a PayPal capture of the booking's order (already checked against the
-- booking's amount by the caller) and answers what became of the booking:
-- 'confirmed' (paid, and confirmed or kept as an administrator confirmed it) or
-- 'refund' (a full refund is due, written to the ledger under the refund_key
-- 'late-capture-<capture id>': one per capture, whoever decides and however
-- often). Any number of callers may race: the booking's row lock orders them and
-- each outcome happens once.
create function public.record_paypal_capture(p_booking_id uuid, p_capture_id text) returns text
language plpgsql
set search_path = ''
as $$
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
revoke execute on function public.record_paypal_capture(uuid, text) from public, anon, authenticated;
grant execute on function public.record_paypal_capture(uuid, text) to service_role;
