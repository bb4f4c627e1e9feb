-- /rest/v1 prepares each request's statement as authenticator before SET ROLE
-- (see 20260106000000_pgrst_schema_reload.sql): a statement calling a function of
-- the extensions schema (PostGIS's ST_AsGeoJSON for Accept: application/geo+json)
-- needs USAGE there too. The API roles have it since 20260111000000_reservations.sql.
grant usage on schema extensions to authenticator;
