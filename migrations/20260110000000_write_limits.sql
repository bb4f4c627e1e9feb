-- Limits on the public site's anonymous writes. A contact message, a WhatsApp
-- booking, a PayPal order or a tracked click each reach the agency (an email, a row
-- to read); PostgREST has no rate limit, so without this a script could flood them.
-- The limit lives next to the grants: token buckets per client address
-- (request.client_ip, which the server sets from the peer address or the trusted
-- RATE_LIMIT_HEADER; a client cannot choose it), shared by every replica.
-- Administrators and the service role are not limited; neither is SQL run without
-- a client address (migrations, seeds, jobs).

create schema if not exists private;
revoke all on schema private from public;

-- One row per kind of write: a burst of max_burst, refilled evenly over per.
create table private.write_limits (
  kind text primary key,
  max_burst integer not null check (max_burst > 0),
  per interval not null check (per > interval '0')
);
insert into private.write_limits (kind, max_burst, per) values
  ('contacts', 5, interval '10 minutes'),
  ('bookings', 10, interval '1 hour'),
  ('paypal_orders', 10, interval '1 hour'),
  ('whatsapp_clicks', 60, interval '1 hour');

create table private.write_buckets (
  key text primary key, -- kind:address
  tokens double precision not null,
  updated_at timestamptz not null
);

-- take_write_token spends one token of the caller's bucket for p_kind, or raises
-- PT429 (HTTP 429 through /rest/v1, as PostgREST does for PTxyz codes). A refused
-- write rolls back with its transaction, so it spends nothing.
create function private.take_write_token(p_kind text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_ip text := nullif(current_setting('request.client_ip', true), '');
  v_limit private.write_limits;
  v_tokens double precision;
begin
  if v_ip is null then
    return;
  end if;
  select * into v_limit from private.write_limits where kind = p_kind;
  if not found then
    return;
  end if;
  insert into private.write_buckets as b (key, tokens, updated_at)
  values (p_kind || ':' || v_ip, v_limit.max_burst - 1, now())
  on conflict (key) do update set
    tokens = least(v_limit.max_burst::double precision,
                   b.tokens + greatest(0, extract(epoch from now() - b.updated_at))
                              * v_limit.max_burst / extract(epoch from v_limit.per)) - 1,
    updated_at = greatest(b.updated_at, now())
  returning tokens into v_tokens;
  if v_tokens < 0 then
    raise exception 'Too many requests: please try again later'
      using errcode = 'PT429',
            detail = format('at most %s %s per %s from one address', v_limit.max_burst, p_kind, v_limit.per),
            hint = 'Wait a few minutes before trying again.';
  end if;
  if random() < 0.01 then -- now and then, forget buckets idle for a day
    delete from private.write_buckets where updated_at < now() - interval '1 day';
  end if;
end;
$$;
revoke all on function private.take_write_token(text) from public;
-- The payment function (service_role) spends the visitor's token itself.
grant usage on schema private to service_role;
grant execute on function private.take_write_token(text) to service_role;

create function private.limit_public_writes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.role() in ('anon', 'authenticated') and not public.is_admin() then
    perform private.take_write_token(tg_table_name);
  end if;
  return new;
end;
$$;
revoke all on function private.limit_public_writes() from public;

create trigger contacts_write_limit before insert on public.contacts
  for each row execute function private.limit_public_writes();
create trigger bookings_write_limit before insert on public.bookings
  for each row execute function private.limit_public_writes();
create trigger whatsapp_clicks_write_limit before insert on public.whatsapp_clicks
  for each row execute function private.limit_public_writes();
