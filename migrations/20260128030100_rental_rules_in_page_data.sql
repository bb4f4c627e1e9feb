-- The free-cancellation hours the terms and the short-term rental page state are
-- the rental rule's (rental_rules.free_cancellation_hours), not a figure of the
-- site: page_data gives those two pages the rules, so the server renders them
-- with the database's number, and renders them again when it changes (the page
-- recheck compares page_data). Same as 20260124000000_content_translations.sql
-- otherwise.
create or replace function public.page_data(p_path text) returns jsonb
language sql stable
set search_path = ''
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
  )
  select case
    when p_path in ('/', '/vehicles') then (
      select coalesce(jsonb_object_agg(k, v), '{}') from (values
        ('fleet', (select jsonb_agg(to_jsonb(c) || jsonb_build_object('bookable', public.bookable(c)) order by c.id)
                   from public.cars c)),
        ('latestPosts', case when p_path = '/' then
                   (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s where s.n <= 3) end)
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
        '[]'))
    when p_path = '/blog' then jsonb_build_object(
      'posts', (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s))
    when p_path like '/blog/%' then jsonb_build_object(
      'post', (select to_jsonb(p.b) from published p where (p.b).slug = substr(p_path, 7)),
      'similarPosts', (select coalesce(jsonb_agg(s.j order by s.n), '[]')
                       from (select s.j, s.n from summary s where s.slug <> substr(p_path, 7) order by s.n limit 3) s))
    -- the rental terms and the short-term rental page (rentalRules.ts reads the same columns)
    when p_path in ('/conditions-de-location', '/location-courte-duree') then jsonb_build_object(
      'rentalRules', (select jsonb_build_object('longest_rental_days', r.longest_rental_days,
                                                'earliest_pickup_days', r.earliest_pickup_days,
                                                'free_cancellation_hours', r.free_cancellation_hours)
                      from public.rental_rules r))
  end
$$;
