-- page_data(path): what a public page shows, for the server to render it as HTML
-- before any JavaScript (server/ssr). Run as anon, so RLS decides as it
-- does for the browser. Each key is what one loader of the site reads, in the shape
-- its query returns (frontend/src/features/*/api.ts: the same columns and order),
-- because the browser's first render reuses this JSON instead of fetching again.
-- Keys are absent when the page has nothing of that kind, and the browser then
-- loads it as before (e.g. an empty fleet falls back to the sample fleet).
create function public.page_data(p_path text) returns jsonb
language sql stable
set search_path = ''
as $$
  with
  car_row as (  -- loadCar: cars?select=*,bookable&slug=eq.{slug}
    select c.*, public.bookable(c) as bookable from public.cars c
    where p_path like '/cars/%' and c.slug = substr(p_path, 7)
  ),
  published as (
    select b.* from public.blog_posts b where b.status = 'published'
  ),
  summary as (  -- the posts' SUMMARY columns of blog/api.ts, newest first
    select p.slug, jsonb_build_object('id', p.id, 'title', p.title, 'slug', p.slug, 'excerpt', p.excerpt,
             'featured_image', p.featured_image, 'tags', p.tags, 'created_at', p.created_at) as j,
           row_number() over (order by p.created_at desc) as n
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
      'post', (select to_jsonb(p) from published p where p.slug = substr(p_path, 7)),
      'similarPosts', (select coalesce(jsonb_agg(s.j order by s.n), '[]')
                       from (select s.j, s.n from summary s where s.slug <> substr(p_path, 7) order by s.n limit 3) s))
  end
$$;

grant execute on function public.page_data(text) to anon, authenticated, service_role;
