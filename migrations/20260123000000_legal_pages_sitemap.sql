-- The legal pages (terms of rental, privacy policy, legal
-- notice) are public pages, so crawlers find them in the sitemap. Same body as
-- 20260107000000_site_meta.sql with three more fixed paths; grants are kept by
-- create or replace.
create or replace function public.sitemap_paths() returns table (path text, lastmod timestamptz)
language sql stable
set search_path = ''
as $$
  select p, null::timestamptz
  from unnest(array['/', '/vehicles', '/blog', '/contact', '/notre-agence', '/pourquoi-nous',
                    '/location-courte-duree', '/location-longue-duree',
                    '/conditions-de-location', '/confidentialite', '/mentions-legales']) as p
  union all
  select '/cars/' || slug, updated_at from public.cars
  union all
  select '/blog/' || slug, updated_at from public.blog_posts where status = 'published'
$$;
