-- A TOTP code opens one session, not several: the time step of the last code
-- accepted for a factor is kept with the factor, and a verify succeeds only
-- with a code of a later step. The check and the write are one conditional
-- UPDATE, so two verifies racing with the same code (on one replica or two)
-- cannot both win.
alter table auth.mfa_factors add column if not exists last_totp_step bigint;
