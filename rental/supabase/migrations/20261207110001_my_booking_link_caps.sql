-- "My booking" links: caps per booking and per recipient. The only cap was 10 asks a
-- minute per address: from three addresses one booking got 30 e-mails and 30 live
-- links in under a second.
--
-- - Per booking: the asks for one reference and e-mail pair, counted whether or not
--   they match a booking, so that the refusal says no more than the answer
--   ({"sent": true}) about whether the pair is a booking's.
-- - Per recipient: the links e-mailed to one address (case and +tag ignored,
--   private.email_key), checked on every ask with that e-mail; a traveller with
--   several bookings gets more than one booking's worth.
-- - A new link retires all but the newest live ones (private.my_booking_live_links),
--   so a booking has at most that many links that open it.
--
-- A refusal is PostgREST's 429 with code PT429, as the per-address cap answers,
-- details {by: booking|recipient, limit, per} and a Retry-After for the window.

create table private.my_booking_link_limits (
  scope text not null check (scope in ('booking', 'recipient')),
  max_links integer not null check (max_links > 0),
  per interval not null check (per > interval '0'),
  primary key (scope, per)
);
comment on table private.my_booking_link_limits is
  'caps on "My booking" links: at most max_links per window per booking (reference and e-mail asked) or per recipient e-mail';
insert into private.my_booking_link_limits (scope, max_links, per) values
  ('booking', 3, '15 minutes'), ('booking', 10, '1 day'),
  ('recipient', 5, '15 minutes'), ('recipient', 20, '1 day');

-- One row per counted event: an ask (scope booking) or a link e-mailed (scope
-- recipient), keyed by a hash so that typed e-mails are not kept in clear.
create table private.my_booking_link_log (
  scope text not null,
  key bytea not null,
  at timestamptz not null default now()
);
create index my_booking_link_log_key_idx on private.my_booking_link_log (scope, key, at);

create function private.my_booking_live_links() returns integer
  language sql immutable
  set search_path = ''
as $$ select 3 $$;

-- Refuses (PT429) when scope's key already reached a cap; otherwise returns.
create function private.my_booking_link_cap(p_scope text, p_key bytea) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  l private.my_booking_link_limits;
  v_n integer;
  v_oldest timestamptz;
begin
  for l in select * from private.my_booking_link_limits where scope = p_scope order by per loop
    select count(*), min(g.at) into v_n, v_oldest from private.my_booking_link_log g
    where g.scope = p_scope and g.key = p_key and g.at > now() - l.per;
    if v_n >= l.max_links then
      raise sqlstate 'PGRST' using
        message = pg_catalog.jsonb_build_object('code', 'PT429',
          'message', case p_scope when 'booking' then 'Too many links asked for this booking: use the latest one e-mailed, or ask again later'
                     else 'Too many links sent to this e-mail address: use the latest one, or ask again later' end,
          'details', pg_catalog.jsonb_build_object('by', p_scope, 'limit', l.max_links, 'per', l.per),
          'hint', 'Check the inbox (and the spam folder) for the link already sent.')::text,
        detail = pg_catalog.jsonb_build_object('status', 429, 'headers', pg_catalog.jsonb_build_object('Retry-After',
          greatest(1, ceil(extract(epoch from v_oldest + l.per - now())))::bigint::text))::text;
    end if;
  end loop;
end
$$;

revoke all on function private.my_booking_live_links(), private.my_booking_link_cap(text, bytea) from public;

-- Replaced to check and count the caps before a link is made, and to retire the
-- oldest live links; the answer and the e-mail are as before.
create or replace function public.my_booking_request_link(p_reference text, p_email text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_ref text := upper(regexp_replace(coalesce(p_reference, ''), '[^A-Za-z0-9]', '', 'g'));
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
  v_pair bytea;
  v_to bytea := sha256(convert_to(private.email_key(p_email), 'UTF8'));
  b public.bookings;
begin
  perform private.my_booking_limit('my_booking_link');
  if v_ref like 'CR%' then
    v_ref := substr(v_ref, 3);
  end if;
  v_pair := sha256(convert_to(v_ref || ' ' || lower(btrim(coalesce(p_email, ''))), 'UTF8'));
  -- Asks for one pair, or to one recipient, wait for each other: two cannot both
  -- slip under a cap.
  perform pg_advisory_xact_lock(1315, hashtext(encode(v_pair, 'hex')));
  perform pg_advisory_xact_lock(1316, hashtext(encode(v_to, 'hex')));
  perform private.my_booking_link_cap('booking', v_pair);
  perform private.my_booking_link_cap('recipient', v_to);
  insert into private.my_booking_link_log (scope, key) values ('booking', v_pair);

  select * into b from public.bookings
  where reference = 'CR-' || left(v_ref, 5) and length(v_ref) = 5
    and lower(customer_email) = lower(btrim(coalesce(p_email, '')));
  if b.id is not null then
    select now() + s.my_booking_link_ttl into v_expires from public.reservation_settings s;
    insert into private.booking_links (token_hash, booking_id, expires_at)
    values (sha256(convert_to(v_token, 'UTF8')), b.id, v_expires);
    delete from private.booking_links l
    where l.booking_id = b.id and l.token_hash not in (
      select k.token_hash from private.booking_links k
      where k.booking_id = b.id and k.expires_at > now()
      order by k.created_at desc, k.expires_at desc
      limit private.my_booking_live_links());
    insert into private.my_booking_link_log (scope, key)
    values ('recipient', sha256(convert_to(private.email_key(b.customer_email), 'UTF8')));
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('booking_link', b.customer_email, b.language, b.id::text,
      public.booking_notification_payload(b) || jsonb_build_object('link', jsonb_build_object(
        'token', v_token, 'expires_at', v_expires)));
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  if random() < 0.01 then -- now and then, forget links and counts long past
    delete from private.booking_links where expires_at < now() - interval '1 day';
    delete from private.my_booking_link_log
    where at < now() - (select max(m.per) from private.my_booking_link_limits m);
  end if;
  return jsonb_build_object('sent', true);
end
$$;
