-- Online payment (PayPal) on bookings. The booking is stored before the visitor
-- leaves for PayPal; these columns keep what the capture must match.
alter table public.bookings
  add column paypal_order_id text,
  -- the part of total_price charged online, in MAD (full 100%, half 50%, reserve 20%)
  add column amount_due_now numeric(12, 2) check (amount_due_now >= 0),
  -- what PayPal is asked to charge: amount_due_now converted (PayPal has no MAD)
  add column charge_currency text check (charge_currency ~ '^[A-Z]{3}$'),
  add column charge_amount numeric(12, 2) check (charge_amount > 0),
  -- the last payment problem (declined, amount mismatch...), for administrators
  add column payment_error text,
  add constraint bookings_paypal_order_id_key unique (paypal_order_id);

-- One booking per PayPal capture.
create unique index bookings_paypal_capture_key on public.bookings (payment_id)
  where payment_method = 'paypal' and payment_id is not null;

comment on column public.bookings.paypal_order_id is 'PayPal Orders v2 id; set by create-paypal-order';
comment on column public.bookings.amount_due_now is 'MAD charged online now (part of total_price)';
comment on column public.bookings.charge_amount is 'amount_due_now in charge_currency, as sent to PayPal';

-- Columns are granted table-wide to authenticated (select) and service_role; the
-- column-list INSERT grant to anon/authenticated does not include these, so only
-- the payment functions (service_role) write them.
