-- A booking's user_id is the signed-in caller's, not the client's choice: an
-- anonymous booking could set it to a registered user's id (and a signed-in user to
-- another's). For the API's client roles the database sets it from auth.uid() (null
-- for anon), whatever was sent: the site's insert still goes through. service_role
-- (create-paypal-order, which takes it from the verified token) and SQL (seeds,
-- jobs) write what they say. The role is the database role (current_user), as RLS
-- sees it, not a claim.
create function private.bookings_user_id() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      new.user_id := auth.uid();
    else
      new.user_id := old.user_id;
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.bookings_user_id() from public;

create trigger bookings_user_id
  before insert or update of user_id on public.bookings
  for each row execute function private.bookings_user_id();

comment on column public.bookings.user_id is
  'the signed-in account that made the booking (auth.uid(); null for an anonymous visitor), set by the database for API clients';
