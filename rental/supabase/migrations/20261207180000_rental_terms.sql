-- Terms generated from the rules: the terms page, the FAQ's rental answers and the
-- badges read public.rental_terms(), the key facts, categories and rental rules as the
-- agency edits them, so no page restates a figure. Kilometres past a limited mileage
-- have a price, stated with the mileage wherever it is shown.

-- The price of a kilometre past the day's allowance, in DH; set exactly when the
-- mileage is limited (an unlimited category has no such price to state).
alter table public.category_key_facts add column extra_km_price numeric(6,2)
  constraint category_key_facts_extra_km_price_check check (extra_km_price > 0);

update public.category_key_facts set extra_km_price = case category
    when 'Premium' then 3 when 'SUV' then 2.5 else 2 end
  where mileage_km_per_day is not null;

alter table public.category_key_facts add constraint category_key_facts_extra_km_price_when_limited
  check ((mileage_km_per_day is null) = (extra_km_price is null));

grant update (extra_km_price) on public.category_key_facts to authenticated;

-- Everything the terms say, in one answer: the rental rules, then each category's key
-- facts, deposit and excess per insurance level (in the price list's order). Readable by
-- anyone, as the tables it reads (RLS applies: security invoker).
create function public.rental_terms() returns jsonb
  language sql stable
  set search_path to ''
as $$
  select jsonb_build_object(
    'free_cancellation_hours', r.free_cancellation_hours,
    'late_cancellation_days', r.late_cancellation_days,
    'longest_rental_days', r.longest_rental_days,
    'earliest_pickup_days', r.earliest_pickup_days,
    'terms_version', r.terms_version,
    'categories', coalesce((
      select jsonb_agg(jsonb_build_object(
          'category', f.category,
          'mileage_km_per_day', f.mileage_km_per_day,
          'extra_km_price', f.extra_km_price,
          'fuel_policy', f.fuel_policy,
          'min_driver_age', f.min_driver_age,
          'min_licence_years', f.min_licence_years,
          'deposit', (select d.amount from public.category_deposits d where d.category = f.category),
          'excess', coalesce((
            select jsonb_agg(jsonb_build_object('insurance', x.insurance, 'amount', x.amount) order by o.position, o.key)
            from public.category_excess x join public.booking_options o on o.key = x.insurance
            where x.category = f.category), '[]'))
        -- the categories in the fleet's usual order, cheapest class first
        order by array_position(array['Économique', 'Compact', 'Berline', 'Premium', 'SUV', 'Utilitaire'], f.category), f.category)
      from public.category_key_facts f), '[]'))
  from public.rental_rules r
$$;

revoke all on function public.rental_terms() from public;
grant execute on function public.rental_terms() to anon, authenticated, service_role;

-- The pages that state the terms are rendered ahead of visitors (docs/performance.md):
-- they carry rental_terms() as "rentalTerms" — the terms page, the home page's and the
-- contact page's FAQ, the commitments of "why us", each car page (its FAQ). Whole body: only those
-- pages' rentalTerms key is new.
create or replace function public.page_data(p_path text) returns jsonb
    language sql stable
    set search_path to ''
    as $$
  with
  car_row as (  -- loadCar: cars?select=*,bookable&slug=eq.{slug}
    select c.*, public.bookable(c) as bookable from public.cars c
    where p_path like '/cars/%' and c.slug = substr(p_path, 7)
  ),
  published as (
    select b from public.blog_posts b where b.status = 'published'
  ),
  summary as (  -- the posts' SUMMARY columns of blog/api.ts, newest first
    select (p.b).slug, jsonb_build_object('id', (p.b).id, 'title', (p.b).title, 'slug', (p.b).slug, 'excerpt', (p.b).excerpt,
             'featured_image', (p.b).featured_image, 'tags', (p.b).tags, 'created_at', (p.b).created_at,
             'summary_translations', public.summary_translations(p.b)) as j,
           row_number() over (order by (p.b).created_at desc) as n
    from published p
  ),
  terms as (  -- rentalTermsApi.ts: rpc rental_terms
    select public.rental_terms() as j
    where p_path in ('/', '/contact', '/conditions-de-location', '/pourquoi-nous') or p_path like '/cars/%'
  )
  select case
    when p_path in ('/', '/vehicles') then (
      select coalesce(jsonb_object_agg(k, v), '{}') from (values
        ('fleet', (select jsonb_agg(to_jsonb(c) || jsonb_build_object('bookable', public.bookable(c)) order by c.id)
                   from public.cars c)),
        ('latestPosts', case when p_path = '/' then
                   (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s where s.n <= 3) end),
        ('rentalTerms', (select t.j from terms t))
      ) as keyed (k, v) where v is not null)
    when p_path like '/cars/%' then jsonb_build_object(
      'car', (select to_jsonb(c) from car_row c),
      'carImages', coalesce((select jsonb_agg(to_jsonb(i) order by i.display_order, i.id)
                             from public.car_images i join car_row c on c.id = i.car_id), '[]'),
      -- loadSuggestions: up to 4 of the same category, else within ±50 DH
      'suggestions', coalesce(
        (select jsonb_agg(j order by id) from (
           select to_jsonb(o) || jsonb_build_object('bookable', public.bookable(o)) as j, o.id
           from public.cars o join car_row c on o.id <> c.id and o.category = c.category
           order by o.id limit 4) same),
        (select jsonb_agg(j order by id) from (
           select to_jsonb(o) || jsonb_build_object('bookable', public.bookable(o)) as j, o.id
           from public.cars o join car_row c on o.id <> c.id and o.price between c.price - 50 and c.price + 50
           order by o.id limit 4) band),
        '[]'),
      'rentalTerms', (select t.j from terms t))
    when p_path = '/blog' then jsonb_build_object(
      'posts', (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s))
    when p_path like '/blog/%' then jsonb_build_object(
      'post', (select to_jsonb(p.b) from published p where (p.b).slug = substr(p_path, 7)),
      'similarPosts', (select coalesce(jsonb_agg(s.j order by s.n), '[]')
                       from (select s.j, s.n from summary s where s.slug <> substr(p_path, 7) order by s.n limit 3) s))
    when p_path in ('/contact', '/pourquoi-nous') then jsonb_build_object('rentalTerms', (select t.j from terms t))
    -- the rental terms and the short-term rental page (rentalRules.ts reads the same columns)
    when p_path in ('/conditions-de-location', '/location-courte-duree') then jsonb_build_object(
      'rentalRules', (select jsonb_build_object('longest_rental_days', r.longest_rental_days,
                                                'earliest_pickup_days', r.earliest_pickup_days,
                                                'free_cancellation_hours', r.free_cancellation_hours)
                      from public.rental_rules r))
      || coalesce((select jsonb_build_object('rentalTerms', t.j) from terms t), '{}')
  end
$$;

-- A change to what the terms say re-renders the pages that say it (the server LISTENs on
-- page_content; rental/website/pagerender.go maps these tables to those pages).
create trigger category_key_facts_page_content after insert or delete or update or truncate on public.category_key_facts
  for each statement execute function public.notify_page_content();
create trigger category_excess_page_content after insert or delete or update or truncate on public.category_excess
  for each statement execute function public.notify_page_content();
create trigger category_deposits_page_content after insert or delete or update or truncate on public.category_deposits
  for each statement execute function public.notify_page_content();
create trigger rental_rules_page_content after insert or delete or update or truncate on public.rental_rules
  for each statement execute function public.notify_page_content();
