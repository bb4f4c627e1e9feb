-- Grows a seeded site to current_setting('grow.cars') cars and
-- current_setting('grow.posts') published posts: copies of the seeded rows with
-- new ids, slugs and names (numbered), as an agency with a fleet and a blog has.
-- Run by bench/pages and by cmd/server's TestPagesAtAnAgencysSize.
insert into public.cars
select (jsonb_populate_record(null::public.cars, to_jsonb(c) || jsonb_build_object(
  'id', (select max(id) from public.cars) + g,
  'slug', c.slug || '-' || ((select max(id) from public.cars) + g),
  'name', c.name || ' ' || ((select max(id) from public.cars) + g)))).*
from generate_series(1, greatest(0, current_setting('grow.cars')::int - (select count(*) from public.cars))) g
cross join lateral (select * from public.cars order by id offset (g - 1) % (select count(*) from public.cars) limit 1) c;

insert into public.blog_posts (title, slug, excerpt, content, featured_image, status, author, tags, created_at, translations)
select p.title || ' ' || (n.n + g), p.slug || '-' || (n.n + g), p.excerpt, p.content, p.featured_image, 'published', p.author, p.tags,
       p.created_at - make_interval(days => g::int), p.translations
from (select count(*) n from public.blog_posts) n
cross join generate_series(1, greatest(0, current_setting('grow.posts')::int - (select count(*) from public.blog_posts where status = 'published'))) g
cross join lateral (select * from public.blog_posts where status = 'published' order by created_at
                    offset (g - 1) % (select count(*) from public.blog_posts where status = 'published') limit 1) p;
