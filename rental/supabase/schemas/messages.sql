-- messages: What visitors send outside a booking: contact messages (one per form send: the browser
-- picks the id, so a resend is stored once; status moves new -> read -> replied ->
-- archived) and WhatsApp clicks (counted per car for the back office).
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

-- ── contacts ───────────────────────────────────────────────────────────────────────────

CREATE TABLE public.contacts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    phone text,
    subject text NOT NULL,
    message text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contacts_email_check CHECK ((email ~ '^[^@[:space:]]+@[^@[:space:]]+$'::text)),
    CONSTRAINT contacts_message_check CHECK ((btrim(message) <> ''::text)),
    CONSTRAINT contacts_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT contacts_status_check CHECK ((status = ANY (ARRAY['new'::text, 'read'::text, 'replied'::text, 'archived'::text]))),
    CONSTRAINT contacts_subject_check CHECK ((btrim(subject) <> ''::text))
);

COMMENT ON TABLE public.contacts IS 'messages sent by the contact form';

ALTER TABLE ONLY public.contacts REPLICA IDENTITY FULL;

ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_pkey PRIMARY KEY (id);

CREATE INDEX contacts_status_created_at_idx ON public.contacts USING btree (status, created_at DESC);

CREATE INDEX contacts_created_at_idx ON public.contacts USING btree (created_at DESC);

ALTER TABLE public.contacts ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.agency_created_at(public.contacts) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select to_char($1.created_at at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')
$_$;

REVOKE ALL ON FUNCTION public.agency_created_at(public.contacts) FROM PUBLIC;
GRANT ALL ON FUNCTION public.agency_created_at(public.contacts) TO anon;
GRANT ALL ON FUNCTION public.agency_created_at(public.contacts) TO authenticated;
GRANT ALL ON FUNCTION public.agency_created_at(public.contacts) TO service_role;

CREATE FUNCTION public.contacts_status_flow() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  rank_old integer;
  rank_new integer;
begin
  if tg_op = 'INSERT' then
    new.status := coalesce(new.status, 'new');
    new.phone := nullif(btrim(new.phone), '');
    return new;
  end if;
  new.status := coalesce(new.status, old.status);
  rank_old := array_position(array['new', 'read', 'replied', 'archived'], old.status);
  rank_new := array_position(array['new', 'read', 'replied', 'archived'], new.status);
  if rank_new < rank_old then
    raise exception 'a contact message cannot go back from % to %', old.status, new.status
      using errcode = '23514';
  end if;
  return new;
end
$$;

GRANT ALL ON FUNCTION public.contacts_status_flow() TO anon;
GRANT ALL ON FUNCTION public.contacts_status_flow() TO authenticated;
GRANT ALL ON FUNCTION public.contacts_status_flow() TO service_role;

CREATE TRIGGER contacts_set_updated_at BEFORE INSERT OR UPDATE ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER contacts_status_flow BEFORE INSERT OR UPDATE OF status ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.contacts_status_flow();

CREATE TRIGGER contacts_write_limit BEFORE INSERT ON public.contacts FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();

CREATE POLICY contacts_delete_admin ON public.contacts FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY contacts_insert_public ON public.contacts FOR INSERT TO anon, authenticated WITH CHECK ((status = 'new'::text));

CREATE POLICY contacts_select_admin ON public.contacts FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

CREATE POLICY contacts_update_admin ON public.contacts FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.contacts;

GRANT SELECT,DELETE ON TABLE public.contacts TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.contacts TO service_role;

GRANT INSERT(id) ON TABLE public.contacts TO anon;
GRANT INSERT(id) ON TABLE public.contacts TO authenticated;

GRANT INSERT(name) ON TABLE public.contacts TO anon;
GRANT INSERT(name) ON TABLE public.contacts TO authenticated;

GRANT INSERT(email) ON TABLE public.contacts TO anon;
GRANT INSERT(email) ON TABLE public.contacts TO authenticated;

GRANT INSERT(phone) ON TABLE public.contacts TO anon;
GRANT INSERT(phone) ON TABLE public.contacts TO authenticated;

GRANT INSERT(subject) ON TABLE public.contacts TO anon;
GRANT INSERT(subject) ON TABLE public.contacts TO authenticated;

GRANT INSERT(message) ON TABLE public.contacts TO anon;
GRANT INSERT(message) ON TABLE public.contacts TO authenticated;

GRANT INSERT(status) ON TABLE public.contacts TO anon;
GRANT INSERT(status),UPDATE(status) ON TABLE public.contacts TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.contacts TO authenticated;

-- ── whatsapp_clicks ────────────────────────────────────────────────────────────────────

CREATE TABLE public.whatsapp_clicks (
    id bigint NOT NULL,
    car_id bigint,
    user_agent text,
    ip_address inet,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT whatsapp_clicks_user_agent_check CHECK ((char_length(user_agent) <= 1000))
);

COMMENT ON TABLE public.whatsapp_clicks IS 'clicks on a car''s WhatsApp button, counted for the back office';

ALTER TABLE public.whatsapp_clicks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.whatsapp_clicks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Data for Name: admin_settings; Type: TABLE DATA; Schema: private; Owner: -
--

INSERT INTO private.admin_settings (id, mfa_required, updated_at) VALUES (true, true, '2026-12-07 20:42:41.989114+00');


--
-- Data for Name: booking_links; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: my_booking_link_limits; Type: TABLE DATA; Schema: private; Owner: -
--

INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('booking', 3, '00:15:00');
INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('booking', 10, '1 day');
INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('recipient', 5, '00:15:00');
INSERT INTO private.my_booking_link_limits (scope, max_links, per) VALUES ('recipient', 20, '1 day');


--
-- Data for Name: my_booking_link_log; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: pickup_reminders; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: review_links; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: write_buckets; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: write_limits; Type: TABLE DATA; Schema: private; Owner: -
--

INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('contacts', 5, '00:10:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('bookings', 10, '01:00:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('paypal_orders', 10, '01:00:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('whatsapp_clicks', 60, '01:00:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('my_booking_link', 10, '00:01:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('my_booking_change', 20, '00:10:00');
INSERT INTO private.write_limits (kind, max_burst, per) VALUES ('car_review', 10, '00:10:00');


--
-- Data for Name: blog_posts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: booking_change_requests; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: booking_options; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('basic', 'insurance', 0, true, 1, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('premium', 'insurance', 75, true, 2, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('platinum', 'insurance', 120, true, 3, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('gps', 'extra', 50, true, 10, 'gps_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('wifi', 'extra', 50, true, 11, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('childSeat', 'extra', 50, true, 12, 'baby_seat_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('additionalDriver', 'extra', 50, true, 13, 'second_driver_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('roadAssistance', 'extra', 350, false, 14, 'roadside_assistance_included');
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('carFridge', 'extra', 35, true, 15, NULL);
INSERT INTO public.booking_options (key, kind, price, per_day, "position", included_by) VALUES ('jawazPass', 'extra', 50, true, 16, NULL);


--
-- Data for Name: booking_transitions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'pending', true, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'confirmed', false, false, 'booking_confirmed');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'confirmed', true, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'in_progress', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'completed', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('in_progress', 'confirmed', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('in_progress', 'completed', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('completed', 'in_progress', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('cancelled', 'pending', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('cancelled', 'confirmed', false, false, 'booking_confirmed');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('expired', 'pending', false, false, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('expired', 'confirmed', false, false, 'booking_confirmed');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('expired', 'cancelled', false, true, NULL);
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('confirmed', 'cancelled', true, true, 'booking_cancelled');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'cancelled', true, true, 'booking_cancelled');
INSERT INTO public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) VALUES ('pending', 'expired', false, true, 'hold_expired');


--
-- Data for Name: bookings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: car_blocks; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: car_images; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: car_reviews; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: cars; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: category_deposits; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_deposits (category, amount) VALUES ('Économique', 3000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Compact', 4000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Berline', 6000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Premium', 10000);
INSERT INTO public.category_deposits (category, amount) VALUES ('SUV', 8000);
INSERT INTO public.category_deposits (category, amount) VALUES ('Utilitaire', 6000);


--
-- Data for Name: category_excess; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Économique', 'basic', 6000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Économique', 'premium', 1500);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Économique', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Compact', 'basic', 8000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Compact', 'premium', 2000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Compact', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Berline', 'basic', 12000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Berline', 'premium', 3000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Berline', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Premium', 'basic', 20000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Premium', 'premium', 5000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Premium', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('SUV', 'basic', 16000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('SUV', 'premium', 4000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('SUV', 'platinum', 0);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Utilitaire', 'basic', 12000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Utilitaire', 'premium', 3000);
INSERT INTO public.category_excess (category, insurance, amount) VALUES ('Utilitaire', 'platinum', 0);


--
-- Data for Name: category_key_facts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Économique', NULL, 'same_to_same', 21, 2, NULL);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Compact', NULL, 'same_to_same', 21, 2, NULL);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Berline', NULL, 'same_to_same', 23, 2, NULL);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Premium', 300, 'full_to_full', 25, 3, 3.00);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('SUV', 300, 'same_to_same', 25, 3, 2.50);
INSERT INTO public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years, extra_km_price) VALUES ('Utilitaire', 250, 'same_to_same', 23, 2, 2.00);


--
-- Data for Name: contacts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: deleted_bookings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: notification_outbox; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: payment_options; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payment_options (key, discount_percent, due_now_percent, "position") VALUES ('full', 10, 100, 1);
INSERT INTO public.payment_options (key, discount_percent, due_now_percent, "position") VALUES ('half', 5, 50, 2);
INSERT INTO public.payment_options (key, discount_percent, due_now_percent, "position") VALUES ('reserve', 0, 20, 3);


--
-- Data for Name: payments; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: profiles; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: rental_rules; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rental_rules (id, period_grace, longest_rental_days, earliest_pickup_days, free_cancellation_hours, late_cancellation_days, terms_version) VALUES (true, '00:59:00', 90, 0, 24, 1, '2026-11-01');


--
-- Data for Name: reservation_settings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.reservation_settings (id, turnaround, paypal_hold, request_hold, holds_per_address, holds_per_email, holds_per_phone, whatsapp_fleet_share, long_hold, long_hold_after_days, long_hold_rental_days, max_days_ahead, my_booking_link_ttl, review_link_ttl) VALUES (true, '02:00:00', '00:30:00', '24:00:00', 3, 2, 2, 0.60, '06:00:00', 60, 14, 365, '01:00:00', '60 days');


--
-- Data for Name: whatsapp_clicks; Type: TABLE DATA; Schema: public; Owner: -
--

ALTER TABLE ONLY public.whatsapp_clicks
    ADD CONSTRAINT whatsapp_clicks_pkey PRIMARY KEY (id);

CREATE INDEX whatsapp_clicks_created_at_idx ON public.whatsapp_clicks USING btree (created_at);

CREATE INDEX whatsapp_clicks_car_id_idx ON public.whatsapp_clicks USING btree (car_id);

ALTER TABLE ONLY public.whatsapp_clicks
    ADD CONSTRAINT whatsapp_clicks_car_id_fkey FOREIGN KEY (car_id) REFERENCES public.cars(id) ON DELETE SET NULL;

ALTER TABLE public.whatsapp_clicks ENABLE ROW LEVEL SECURITY;

CREATE TRIGGER whatsapp_clicks_write_limit BEFORE INSERT ON public.whatsapp_clicks FOR EACH ROW EXECUTE FUNCTION private.limit_public_writes();

CREATE POLICY whatsapp_clicks_insert_public ON public.whatsapp_clicks FOR INSERT TO anon, authenticated WITH CHECK (true);

CREATE POLICY whatsapp_clicks_select_admin ON public.whatsapp_clicks FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.whatsapp_clicks TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.whatsapp_clicks TO service_role;

GRANT INSERT(car_id) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(car_id) ON TABLE public.whatsapp_clicks TO authenticated;

GRANT INSERT(user_agent) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(user_agent) ON TABLE public.whatsapp_clicks TO authenticated;

GRANT INSERT(ip_address) ON TABLE public.whatsapp_clicks TO anon;
GRANT INSERT(ip_address) ON TABLE public.whatsapp_clicks TO authenticated;

GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO anon;
GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO authenticated;
GRANT SELECT,USAGE ON SEQUENCE public.whatsapp_clicks_id_seq TO service_role;


--
-- PostgreSQL database dump complete
--

