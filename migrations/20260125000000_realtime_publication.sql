-- /realtime/v1 : the publication the server's logical replication reads
-- (pgoutput), named as on Supabase so "alter publication supabase_realtime add
-- table ..." works the same here. Bookings and contact messages are what the back
-- office follows live. REPLICA IDENTITY FULL puts the whole old row in the WAL:
-- UPDATE and DELETE events then carry a complete old_record, and row-level
-- security on delivery can judge a deleted row by its content (with the default
-- identity only its primary key would be known, and the DELETE would reach only
-- those whose policies need nothing else).
create publication supabase_realtime for table public.bookings, public.contacts;
alter table public.bookings replica identity full;
alter table public.contacts replica identity full;
