-- reviews: Travellers' reviews of a car after a completed rental, left through an e-mailed link
-- (review_links), approved by an administrator before anyone sees them; the car's
-- traveller_rating and traveller_review_count are kept from the approved ones, apart
-- from the rating the agency declares.
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── car_reviews ────────────────────────────────────────────────────────────────────────

CREATE TABLE public.car_reviews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid,
    car_id bigint NOT NULL,
    stars smallint NOT NULL,
    comment text,
    language text DEFAULT 'fr'::text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT car_reviews_comment_check CHECK (((comment IS NULL) OR ((btrim(comment) <> ''::text) AND (char_length(comment) <= 2000)))),
    CONSTRAINT car_reviews_language_check CHECK ((language = ANY (ARRAY['fr'::text, 'en'::text, 'ar'::text]))),
    CONSTRAINT car_reviews_stars_check CHECK (((stars >= 1) AND (stars <= 5))),
    CONSTRAINT car_reviews_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text])))
);

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_booking_id_key UNIQUE (booking_id);

CREATE INDEX car_reviews_car_approved ON public.car_reviews USING btree (car_id) WHERE (status = 'approved'::text);

CREATE INDEX car_reviews_status_created ON public.car_reviews USING btree (status, created_at DESC);

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.car_reviews
    ADD CONSTRAINT car_reviews_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE CASCADE;

COMMENT ON TABLE public.car_reviews IS 'a traveller''s rating of the car after a completed rental, left through the e-mailed link (submit_review); public once approved (docs/reviews.md)';

ALTER TABLE public.car_reviews ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.car_reviews_decided() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.status is distinct from old.status then
    new.decided_at := case when new.status = 'pending' then null else now() end;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.car_reviews_decided() FROM PUBLIC;

CREATE FUNCTION private.car_reviews_refresh_car() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.cars c set traveller_review_count = c.traveller_review_count -- recomputed by cars_traveller_figures
  where c.id in (case when tg_op <> 'DELETE' then new.car_id end, case when tg_op <> 'INSERT' then old.car_id end)
    and exists (select 1 from private.car_review_figures(c.id) f
                where (f.rating, f.n) is distinct from (c.traveller_rating, c.traveller_review_count));
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.car_reviews_refresh_car() FROM PUBLIC;

CREATE TRIGGER car_reviews_decided BEFORE UPDATE ON public.car_reviews FOR EACH ROW EXECUTE FUNCTION private.car_reviews_decided();

CREATE TRIGGER car_reviews_refresh_car AFTER INSERT OR DELETE OR UPDATE OF status, car_id, stars ON public.car_reviews FOR EACH ROW EXECUTE FUNCTION private.car_reviews_refresh_car();

CREATE POLICY car_reviews_delete_admin ON public.car_reviews FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY car_reviews_select_approved ON public.car_reviews FOR SELECT TO anon, authenticated USING (((status = 'approved'::text) OR ( SELECT public.is_admin() AS is_admin)));

CREATE POLICY car_reviews_update_admin ON public.car_reviews FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.car_reviews TO anon;
GRANT SELECT,DELETE ON TABLE public.car_reviews TO authenticated;
GRANT ALL ON TABLE public.car_reviews TO service_role;

GRANT UPDATE(status) ON TABLE public.car_reviews TO authenticated;

-- ── review_links ───────────────────────────────────────────────────────────────────────

CREATE TABLE private.review_links (
    token_hash bytea NOT NULL,
    booking_id uuid NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.review_links IS 'review invitation links: hashed tokens, one booking each';

ALTER TABLE ONLY private.review_links
    ADD CONSTRAINT review_links_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY private.review_links
    ADD CONSTRAINT review_links_booking_id_key UNIQUE (booking_id);

ALTER TABLE ONLY private.review_links
    ADD CONSTRAINT review_links_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION private.booking_for_review_token(p_token text, p_lock boolean DEFAULT false) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.booking_for_review_token(p_token text, p_lock boolean) FROM PUBLIC;

CREATE FUNCTION private.bookings_review_invitation() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.bookings_review_invitation() FROM PUBLIC;

CREATE FUNCTION private.car_review_figures(p_car bigint, OUT rating numeric, OUT n integer) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select round(avg(r.stars), 1), count(*)::integer
  from public.car_reviews r where r.car_id = p_car and r.status = 'approved'
$$;

REVOKE ALL ON FUNCTION private.car_review_figures(p_car bigint, OUT rating numeric, OUT n integer) FROM PUBLIC;

CREATE FUNCTION private.cars_traveller_figures() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select f.rating, f.n into new.traveller_rating, new.traveller_review_count
  from private.car_review_figures(new.id) f;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.cars_traveller_figures() FROM PUBLIC;

CREATE FUNCTION public.review_invitation(p_token text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.review_view(private.booking_for_review_token(p_token))
$$;

REVOKE ALL ON FUNCTION public.review_invitation(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_invitation(p_token text) TO anon;
GRANT ALL ON FUNCTION public.review_invitation(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.review_invitation(p_token text) TO service_role;

CREATE FUNCTION private.review_view(b public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'reference', b.reference, 'status', b.status, 'language', b.language,
    'first_name', split_part(btrim(b.customer_name), ' ', 1),
    'start_date', b.start_date, 'end_date', b.end_date,
    'car', (select jsonb_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'brand', c.brand, 'image', c.image)
            from public.cars c where c.id = b.car_id),
    'review', (select jsonb_build_object('stars', r.stars, 'comment', r.comment, 'status', r.status, 'created_at', r.created_at)
               from public.car_reviews r where r.booking_id = b.id))
$$;

REVOKE ALL ON FUNCTION private.review_view(b public.bookings) FROM PUBLIC;

CREATE FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) TO anon;
GRANT ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) TO authenticated;
GRANT ALL ON FUNCTION public.submit_review(p_token text, p_stars integer, p_comment text) TO service_role;

-- ── triggers on other areas' tables ────────────────────────────────────────────────────

CREATE TRIGGER bookings_review_invitation AFTER UPDATE OF status ON public.bookings FOR EACH ROW WHEN (((new.status = 'completed'::text) AND (old.status IS DISTINCT FROM 'completed'::text))) EXECUTE FUNCTION private.bookings_review_invitation();

CREATE TRIGGER cars_traveller_figures BEFORE INSERT OR UPDATE ON public.cars FOR EACH ROW EXECUTE FUNCTION private.cars_traveller_figures();
