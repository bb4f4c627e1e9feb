-- What the server needs to describe pages to crawlers and link previews without
-- JavaScript. The server only knows these two function names; what a page is
-- (a car, a post) is decided here. Both run as anon, so RLS still applies:
-- a draft post has no preview and is not in the sitemap.

-- page_meta returns {title, description, image, type} for a path, or null.
create function public.page_meta(p_path text) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object(
        'title', c.name || ' — ' || c.brand || ' | Location de voiture Casablanca Aéroport',
        'description', left(coalesce(nullif(c.description, ''),
            c.name || ' ' || c.brand || ' à partir de ' || c.price || ' DH par jour.'), 200),
        'image', c.image,
        'type', 'product')
     from public.cars c
     where p_path = '/cars/' || c.slug),
    (select jsonb_build_object(
        'title', coalesce(nullif(b.meta_title, ''), b.title),
        'description', left(coalesce(nullif(b.meta_description, ''), b.excerpt, ''), 200),
        'image', b.featured_image,
        'type', 'article')
     from public.blog_posts b
     where p_path = '/blog/' || b.slug and b.status = 'published')
  )
$$;

-- sitemap_paths lists every public page with its last change.
create function public.sitemap_paths() returns table (path text, lastmod timestamptz)
language sql stable
set search_path = ''
as $$
  select p, null::timestamptz
  from unnest(array['/', '/vehicles', '/blog', '/contact', '/notre-agence', '/pourquoi-nous',
                    '/location-courte-duree', '/location-longue-duree']) as p
  union all
  select '/cars/' || slug, updated_at from public.cars
  union all
  select '/blog/' || slug, updated_at from public.blog_posts where status = 'published'
$$;

grant execute on function public.page_meta(text), public.sitemap_paths() to anon, authenticated, service_role;
