-- Fixture of anonymous.test.mjs and of the Go test of a guest's conversion
-- (anonymous_test.go; not an app table): notes whose policies tell a
-- guest (is_anonymous in its JWT) from a member. A guest may only write short notes.
create table public.guest_notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid(),
  body text not null
);
alter table public.guest_notes enable row level security;
create policy guest_notes_own on public.guest_notes for select to authenticated using (owner = auth.uid());
create policy guest_notes_members on public.guest_notes for insert to authenticated
  with check (owner = auth.uid() and not coalesce((auth.jwt() ->> 'is_anonymous')::boolean, true));
create policy guest_notes_guests on public.guest_notes for insert to authenticated
  with check (owner = auth.uid() and length(body) <= 5);
grant select, insert on public.guest_notes to authenticated;
