-- content: The public site's content: blog posts (draft or published, translations), the storage
-- buckets of the pictures, and what the page renderer reads: page_data, page_meta,
-- sitemap_paths. notify_page_content tells every server, at commit, which pages to
-- render again when a car, a picture, a post or a rule they show changes.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

INSERT INTO storage.buckets (id, name, owner, owner_id, public, avif_autodetection, file_size_limit, allowed_mime_types, created_at, updated_at) VALUES ('car-images', 'car-images', NULL, NULL, true, false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml}', '2026-11-28 10:57:28.349812+00', '2026-11-28 10:57:28.349812+00');
INSERT INTO storage.buckets (id, name, owner, owner_id, public, avif_autodetection, file_size_limit, allowed_mime_types, created_at, updated_at) VALUES ('blog-images', 'blog-images', NULL, NULL, true, false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml}', '2026-11-28 10:57:28.349812+00', '2026-11-28 10:57:28.349812+00');

-- ── blog_posts ─────────────────────────────────────────────────────────────────────────

CREATE TABLE public.blog_posts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    slug text NOT NULL,
    excerpt text,
    content text,
    featured_image text,
    status text DEFAULT 'draft'::text NOT NULL,
    author text,
    meta_title text,
    meta_description text,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT blog_posts_slug_check CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
    CONSTRAINT blog_posts_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text]))),
    CONSTRAINT blog_posts_title_check CHECK ((btrim(title) <> ''::text)),
    CONSTRAINT blog_posts_translations_valid CHECK (public.translations_valid(translations, ARRAY['title'::text, 'excerpt'::text, 'content'::text, 'tags'::text, 'meta_title'::text, 'meta_description'::text]))
);

COMMENT ON TABLE public.blog_posts IS 'the blog: published posts are public, drafts are the administrators''';

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_slug_key UNIQUE (slug);

CREATE INDEX blog_posts_status_created_at_idx ON public.blog_posts USING btree (status, created_at DESC);

CREATE INDEX blog_posts_created_at_idx ON public.blog_posts USING btree (created_at DESC);

ALTER TABLE public.blog_posts ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.blog_posts_default_slug() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  base text;
  n integer := 1;
begin
  new.tags := coalesce(new.tags, '{}');
  if new.slug is not null and public.slugify(new.slug) <> '' then
    new.slug := public.slugify(new.slug);
    return new;
  end if;
  base := public.slugify(new.title);
  if base = '' then
    base := 'article';
  end if;
  new.slug := base;
  while exists (select 1 from public.blog_posts b where b.slug = new.slug and b.id is distinct from new.id) loop
    n := n + 1;
    new.slug := base || '-' || n;
  end loop;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO anon;
GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO authenticated;
GRANT ALL ON FUNCTION public.blog_posts_default_slug() TO service_role;

CREATE FUNCTION public.notify_page_content() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform pg_notify('page_content', jsonb_build_object('table', tg_table_name)::text);
  return null;
end
$$;

REVOKE ALL ON FUNCTION public.notify_page_content() FROM PUBLIC;

CREATE FUNCTION public.summary_translations(public.blog_posts) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select coalesce(jsonb_object_agg(l.key, jsonb_strip_nulls(jsonb_build_object(
           'title', l.value->'title', 'excerpt', l.value->'excerpt', 'tags', l.value->'tags'))), '{}')
  from jsonb_each($1.translations) l
$_$;

GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO anon;
GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO authenticated;
GRANT ALL ON FUNCTION public.summary_translations(public.blog_posts) TO service_role;

CREATE TRIGGER blog_posts_default_slug BEFORE INSERT OR UPDATE OF slug, tags ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION public.blog_posts_default_slug();

CREATE TRIGGER blog_posts_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.blog_posts FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER blog_posts_set_updated_at BEFORE INSERT OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY blog_posts_delete_admin ON public.blog_posts FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY blog_posts_insert_admin ON public.blog_posts FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

CREATE POLICY blog_posts_select_admin ON public.blog_posts FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY blog_posts_select_published ON public.blog_posts FOR SELECT TO anon, authenticated USING ((status = 'published'::text));

CREATE POLICY blog_posts_update_admin ON public.blog_posts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.blog_posts TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_posts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_posts TO service_role;

-- ── buckets ────────────────────────────────────────────────────────────────────────────

CREATE POLICY buckets_select_admin ON storage.buckets FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY buckets_select_public ON storage.buckets FOR SELECT TO anon, authenticated USING (public);

-- ── objects ────────────────────────────────────────────────────────────────────────────

CREATE POLICY objects_delete_admin ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));

CREATE POLICY objects_insert_admin ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));

CREATE POLICY objects_select_public ON storage.objects FOR SELECT TO anon, authenticated USING ((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])));

CREATE POLICY objects_update_admin ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin))) WITH CHECK (((bucket_id = ANY (ARRAY['car-images'::text, 'blog-images'::text])) AND ( SELECT public.is_admin() AS is_admin)));

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION public.page_data(p_path text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.page_data(text) IS 'what the page renderer shows for a path: one query, so a page is one read';

GRANT ALL ON FUNCTION public.page_data(p_path text) TO anon;
GRANT ALL ON FUNCTION public.page_data(p_path text) TO authenticated;
GRANT ALL ON FUNCTION public.page_data(p_path text) TO service_role;

CREATE FUNCTION public.page_meta(p_path text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.page_meta(p_path text, p_lang text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    (select jsonb_build_object(
        'title', c.name || ' — ' || c.brand || ' | ' || case p_lang
            when 'en' then 'Car rental Casablanca Airport'
            when 'ar' then 'تأجير السيارات في مطار الدار البيضاء'
            else 'Location de voiture Casablanca Aéroport' end,
        'description', left(coalesce(public.translated(c.translations, p_lang, 'description'),
            case p_lang
              when 'en' then c.name || ' ' || c.brand || ' from ' || c.price || ' DH per day.'
              when 'ar' then c.name || ' ' || c.brand || ' ابتداءً من ' || c.price || ' درهم في اليوم.'
              else coalesce(nullif(c.description, ''), c.name || ' ' || c.brand || ' à partir de ' || c.price || ' DH par jour.') end), 200),
        'image', c.image,
        'type', 'product')
     from public.cars c
     where p_path = '/cars/' || c.slug),
    (select jsonb_build_object(
        'title', coalesce(public.translated(b.translations, p_lang, 'meta_title'),
                          public.translated(b.translations, p_lang, 'title'),
                          nullif(b.meta_title, ''), b.title),
        'description', left(coalesce(public.translated(b.translations, p_lang, 'meta_description'),
                                     public.translated(b.translations, p_lang, 'excerpt'),
                                     nullif(b.meta_description, ''), b.excerpt, ''), 200),
        'image', b.featured_image,
        'type', 'article')
     from public.blog_posts b
     where p_path = '/blog/' || b.slug and b.status = 'published')
  )
$$;

GRANT ALL ON FUNCTION public.page_meta(p_path text) TO anon;
GRANT ALL ON FUNCTION public.page_meta(p_path text) TO authenticated;
GRANT ALL ON FUNCTION public.page_meta(p_path text) TO service_role;

GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO anon;
GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO authenticated;
GRANT ALL ON FUNCTION public.page_meta(p_path text, p_lang text) TO service_role;

CREATE FUNCTION public.sitemap_paths() RETURNS TABLE(path text, lastmod timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p, null::timestamptz
  from unnest(array['/', '/vehicles', '/blog', '/contact', '/notre-agence', '/pourquoi-nous',
                    '/location-courte-duree', '/location-longue-duree',
                    '/conditions-de-location', '/confidentialite', '/mentions-legales']) as p
  union all
  select '/cars/' || slug, updated_at from public.cars
  union all
  select '/blog/' || slug, updated_at from public.blog_posts where status = 'published'
$$;

GRANT ALL ON FUNCTION public.sitemap_paths() TO anon;
GRANT ALL ON FUNCTION public.sitemap_paths() TO authenticated;
GRANT ALL ON FUNCTION public.sitemap_paths() TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER car_images_page_content_truncate AFTER TRUNCATE ON public.car_images FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER cars_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.cars FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER category_deposits_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.category_deposits FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER category_excess_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.category_excess FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER category_key_facts_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.category_key_facts FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();

CREATE TRIGGER rental_rules_page_content AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.rental_rules FOR EACH STATEMENT EXECUTE FUNCTION public.notify_page_content();
