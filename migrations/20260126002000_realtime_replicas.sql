-- /realtime/v1 on several servers. One server, elected
-- with an advisory lock, reads the permanent replication slot and hands each
-- committed change to every server (itself included) with pg_notify on
-- realtime_changes. Two tables support it; neither is in the publication, and
-- neither is readable by API roles (they carry rows of every published table).
--
-- replication_state: per slot, the end LSN of the last transaction fanned out,
-- written in the same transaction as its notifications. A new reader skips what
-- is at or below it, so a reader that dies between fan-out and acknowledging the
-- slot causes no duplicate.
create table realtime.replication_state (
  slot_name text primary key,
  lsn pg_lsn not null,
  updated_at timestamptz not null default now()
);

-- fanout_changes: a change whose message would exceed NOTIFY's 8000 bytes is
-- stored here and the notification carries its id; the servers read it by id.
-- The reader deletes rows older than ten minutes.
create table realtime.fanout_changes (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default now()
);

revoke all on realtime.replication_state, realtime.fanout_changes from public;
-- The servers' pool login reads the large changes (anon, authenticated and
-- service_role get nothing: after SET ROLE the authenticator's own grants are gone).
grant select on realtime.fanout_changes to authenticator;
