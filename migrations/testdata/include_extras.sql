-- Gives car $1 exactly the extras $2 (text[]) as included, through the columns
-- the price list names (booking_options.included_by), and answers the car's
-- included extras afterwards (to check every name was known). Tests run it to
-- give a test car the inclusions of the seed car quote_cases.json stands for.
update public.cars c set
  (gps_included, baby_seat_included, second_driver_included, roadside_assistance_included) =
  (select r.gps_included, r.baby_seat_included, r.second_driver_included, r.roadside_assistance_included
   from jsonb_populate_record(c, (select jsonb_object_agg(o.included_by, o.key = any($2::text[]))
                                  from public.booking_options o where o.included_by is not null)) r)
where c.id = $1
returning public.included_extras(to_jsonb(c))
