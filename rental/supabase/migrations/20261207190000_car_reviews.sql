-- Reviews travellers leave, apart from the figures the agency declares.
-- Before, the car form's rating and review count (SPEC) were the only figures and
-- the site showed them as if travellers had left them here. Now:
--  * cars.rating / review_count stay, as the agency's declared figures, with their
--    source (cars.rating_source, e.g. "Google"), shown as such;
--  * a completed rental e-mails the traveller a signed link to rate the car
--    (public.car_reviews, one per booking), moderated by the agency;
--  * cars.traveller_rating / traveller_review_count are the approved reviews'
--    average and count, kept by the database only, so every page that reads the
--    car (page_data, the cars query) shows them and an approval re-renders them
--    (the cars trigger notify_page_content).

alter table public.cars
  add column rating_source text
    check (rating_source is null or (btrim(rating_source) <> '' and char_length(rating_source) <= 40)),
  add column traveller_rating numeric(2,1),
  add column traveller_review_count integer not null default 0;
comment on column public.cars.rating is 'the rating the agency declares (rating_source says where it comes from), not the site''s reviews';
comment on column public.cars.review_count is 'the review count the agency declares, with rating and rating_source';
comment on column public.cars.rating_source is 'where the declared rating comes from ("Google"); null: the agency''s own figure';
comment on column public.cars.traveller_rating is 'average stars of the approved car_reviews (one decimal); null without any. Kept by the database';
comment on column public.cars.traveller_review_count is 'number of approved car_reviews. Kept by the database';

-- How long the e-mailed link lets the traveller rate the car.
alter table public.reservation_settings
  add column review_link_ttl interval not null default '60 days'
    check (review_link_ttl between interval '1 day' and interval '365 days');

create table public.car_reviews (
  id uuid primary key default gen_random_uuid(),
  -- one review per booking; a deleted booking (archived) keeps its review
  booking_id uuid unique references public.bookings (id) on delete set null,
  car_id bigint not null references public.cars (id) on delete cascade,
  stars smallint not null check (stars between 1 and 5),
  comment text check (comment is null or (btrim(comment) <> '' and char_length(comment) <= 2000)),
  language text not null default 'fr' check (language in ('fr', 'en', 'ar')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
comment on table public.car_reviews is
  'a traveller''s rating of the car after a completed rental, left through the e-mailed link (submit_review); public once approved (docs/reviews.md)';
create index car_reviews_car_approved on public.car_reviews (car_id) where status = 'approved';
create index car_reviews_status_created on public.car_reviews (status, created_at desc);

-- Who may do what: anyone reads approved reviews; administrators read all, set
-- the status (the only column they may write) and delete; nobody inserts but
-- submit_review, through the e-mailed link.
alter table public.car_reviews enable row level security;
create policy car_reviews_select_approved on public.car_reviews for select to anon, authenticated
  using (status = 'approved' or (select public.is_admin()));
create policy car_reviews_update_admin on public.car_reviews for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy car_reviews_delete_admin on public.car_reviews for delete to authenticated
  using ((select public.is_admin()));
revoke all on table public.car_reviews from anon, authenticated, service_role;
grant select on table public.car_reviews to anon, authenticated;
grant update (status) on table public.car_reviews to authenticated;
grant delete on table public.car_reviews to authenticated;
grant all on table public.car_reviews to service_role;

-- The one rule of the travellers' figures: approved reviews only.
create function private.car_review_figures(p_car bigint, out rating numeric, out n integer)
  language sql stable
  set search_path = ''
as $$
  select round(avg(r.stars), 1), count(*)::integer
  from public.car_reviews r where r.car_id = p_car and r.status = 'approved'
$$;

-- Whoever writes a car (the back office, SQL), its travellers' figures are the reviews'.
create function private.cars_traveller_figures() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  select f.rating, f.n into new.traveller_rating, new.traveller_review_count
  from private.car_review_figures(new.id) f;
  return new;
end
$$;
create trigger cars_traveller_figures before insert or update on public.cars
  for each row execute function private.cars_traveller_figures();

-- A review written, moderated or deleted: its car's figures follow when they
-- change (the update re-renders the car's pages through cars_page_content; a
-- pending review changes nothing and re-renders nothing).
create function private.car_reviews_refresh_car() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.cars c set traveller_review_count = c.traveller_review_count -- recomputed by cars_traveller_figures
  where c.id in (case when tg_op <> 'DELETE' then new.car_id end, case when tg_op <> 'INSERT' then old.car_id end)
    and exists (select 1 from private.car_review_figures(c.id) f
                where (f.rating, f.n) is distinct from (c.traveller_rating, c.traveller_review_count));
  return null;
end
$$;
create trigger car_reviews_refresh_car after insert or delete or update of status, car_id, stars on public.car_reviews
  for each row execute function private.car_reviews_refresh_car();

-- A decision is dated; the review itself (stars, comment, booking) is the traveller's.
create function private.car_reviews_decided() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    new.decided_at := case when new.status = 'pending' then null else now() end;
  end if;
  return new;
end
$$;
create trigger car_reviews_decided before update on public.car_reviews
  for each row execute function private.car_reviews_decided();

revoke all on function private.car_review_figures(bigint), private.cars_traveller_figures(),
  private.car_reviews_refresh_car(), private.car_reviews_decided() from public;

-- The e-mailed link: as "My booking"'s (private.booking_links), a random token of
-- which only the SHA-256 is kept; one per booking, so one invitation and one review.
create table private.review_links (
  token_hash bytea primary key,
  booking_id uuid not null unique references public.bookings (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- The outbox learns the invitation's kind, keeping every kind it has (another
-- migration may have added its own).
do $$
declare
  v_kinds text[];
begin
  select array_agg(distinct m[1]) into v_kinds
  from pg_catalog.pg_constraint c, regexp_matches(pg_catalog.pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') m
  where c.conrelid = 'public.notification_outbox'::regclass and c.conname = 'notification_outbox_kind_check';
  alter table public.notification_outbox drop constraint notification_outbox_kind_check;
  execute format('alter table public.notification_outbox add constraint notification_outbox_kind_check check (kind = any (%L::text[]))',
                 array_append(array_remove(v_kinds, 'review_request'), 'review_request'));
end
$$;

-- A booking that becomes completed invites its traveller, once: a link stored
-- hashed and the review_request e-mail in the booking's language. A booking
-- recorded as completed is not a move and invites nobody (docs/reviews.md).
create function private.bookings_review_invitation() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
begin
  if new.customer_email is null or btrim(new.customer_email) = '' or new.car_id is null then
    return null;
  end if;
  select now() + s.review_link_ttl into v_expires from public.reservation_settings s;
  v_expires := coalesce(v_expires, now() + interval '60 days');
  insert into private.review_links (token_hash, booking_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), new.id, v_expires)
  on conflict (booking_id) do nothing;
  if found then
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('review_request', new.customer_email, new.language, new.id::text,
      public.booking_notification_payload(new) || jsonb_build_object('review', jsonb_build_object(
        'token', v_token, 'expires_at', v_expires)));
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;
revoke all on function private.bookings_review_invitation() from public;
create trigger bookings_review_invitation after update of status on public.bookings
  for each row when (new.status = 'completed' and old.status is distinct from 'completed')
  execute function private.bookings_review_invitation();

-- The booking a review link opens, locked when asked; RV001 (401) otherwise.
create function private.booking_for_review_token(p_token text, p_lock boolean default false) returns public.bookings
  language plpgsql
  set search_path = ''
as $$
declare
  v_id uuid;
  b public.bookings;
begin
  select l.booking_id into v_id from private.review_links l
  where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')) and l.expires_at > now();
  if v_id is not null then
    if p_lock then
      select * into b from public.bookings where id = v_id for update;
    else
      select * into b from public.bookings where id = v_id;
    end if;
  end if;
  if b.id is null then
    perform private.my_booking_error(401, 'RV001', 'This review link is invalid or has expired');
  end if;
  return b;
end
$$;

-- What the review page shows: the rental, and the review once left.
create function private.review_view(b public.bookings) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'reference', b.reference, 'status', b.status, 'language', b.language,
    'first_name', split_part(btrim(b.customer_name), ' ', 1),
    'start_date', b.start_date, 'end_date', b.end_date,
    'car', (select jsonb_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'brand', c.brand, 'image', c.image)
            from public.cars c where c.id = b.car_id),
    'review', (select jsonb_build_object('stars', r.stars, 'comment', r.comment, 'status', r.status, 'created_at', r.created_at)
               from public.car_reviews r where r.booking_id = b.id))
$$;

revoke all on function private.booking_for_review_token(text, boolean), private.review_view(public.bookings) from public;

-- The page of the link: the rental to rate (RV001 for a forged or expired link).
create function public.review_invitation(p_token text) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select private.review_view(private.booking_for_review_token(p_token))
$$;

insert into private.write_limits (kind, max_burst, per) values ('car_review', 10, interval '10 minutes');

-- The traveller's review through the link: 1 to 5 stars, an optional comment, once
-- per booking, for a completed rental. Errors in PostgREST's shape: RV001 (401)
-- the link; RV002 (400) the stars or the comment (details.field); RV003 (409)
-- already reviewed; RV004 (409) the rental is no longer completed.
create function public.submit_review(p_token text, p_stars integer, p_comment text default null) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  b public.bookings;
  v_comment text := nullif(btrim(coalesce(p_comment, '')), '');
begin
  perform private.my_booking_limit('car_review');
  b := private.booking_for_review_token(p_token, true);
  if p_stars is null or p_stars not between 1 and 5 then
    perform private.my_booking_error(400, 'RV002', 'Give the car from 1 to 5 stars',
      jsonb_build_object('field', 'stars', 'min', 1, 'max', 5));
  end if;
  if char_length(v_comment) > 2000 then
    perform private.my_booking_error(400, 'RV002', 'The comment is too long', jsonb_build_object('field', 'comment', 'max', 2000));
  end if;
  if exists (select 1 from public.car_reviews r where r.booking_id = b.id) then
    perform private.my_booking_error(409, 'RV003', 'This rental was already reviewed');
  end if;
  if b.status <> 'completed' or b.car_id is null then
    perform private.my_booking_error(409, 'RV004', 'Only a completed rental can be reviewed', jsonb_build_object('status', b.status));
  end if;
  insert into public.car_reviews (booking_id, car_id, stars, comment, language)
  values (b.id, b.car_id, p_stars, v_comment, b.language);
  return private.review_view(b);
end
$$;

revoke all on function public.review_invitation(text), public.submit_review(text, integer, text) from public;
grant execute on function public.review_invitation(text), public.submit_review(text, integer, text) to anon, authenticated, service_role;
