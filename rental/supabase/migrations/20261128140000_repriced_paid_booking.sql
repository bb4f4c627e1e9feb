-- A booking paid online and then re-priced (the agency accepted other dates or another
-- car) keeps stating what was paid. Before, its quote took the new price's "due now" as
-- if that had been paid, and left the difference nowhere: the traveller's page said
-- "paid online" for an amount never charged.

-- What was paid online for a booking and not given back: captured PayPal payments less
-- their refunds, pending ones included (the money is already promised back).
create function private.paid_online(p_booking uuid) returns numeric
  language sql stable
  set search_path = ''
as $$
  select greatest(0, coalesce(sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end), 0))
  from public.payments p
  where p.booking_id = p_booking
    and ((p.kind = 'paypal' and p.status = 'captured') or (p.kind = 'refund' and p.status in ('pending', 'completed')))
$$;

-- A quote once p_paid was taken online: "due now" is what was paid, "due at pickup"
-- what the total leaves, "refund_due" what the agency owes back when the total is
-- below it. Without a payment the quote is as it was.
create function private.quote_after_payment(p_quote jsonb, p_paid numeric) returns jsonb
  language sql immutable
  set search_path = ''
as $$
  select case when p_paid > 0 then p_quote || pg_catalog.jsonb_build_object(
      'due_now', p_paid,
      'due_at_pickup', greatest(0, (p_quote ->> 'total')::numeric - p_paid),
      'refund_due', greatest(0, p_paid - (p_quote ->> 'total')::numeric))
    else p_quote end
$$;

-- The quotes of a booking paid online state what was paid: the booking's own when its
-- price is computed again (this runs after bookings_compute_price, as triggers of one
-- event fire in name order; amount_due_now keeps the amount charged), and that of a
-- change asked for it, so the agency sees before accepting what would be left to pay or
-- to give back. Security definer: it reads the payments whoever writes.
create function private.quote_paid_booking() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
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

revoke all on function private.paid_online(uuid), private.quote_after_payment(jsonb, numeric),
  private.quote_paid_booking() from public;

create trigger bookings_reprice_paid
  before update of car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option
  on public.bookings
  for each row execute function private.quote_paid_booking();

create trigger change_requests_quote_paid
  before insert on public.booking_change_requests
  for each row execute function private.quote_paid_booking();
