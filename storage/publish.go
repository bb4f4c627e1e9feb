package storage

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
	"casarent/storage/blob"
)

// Writes never put bytes at an object's own key while its row is being
// written. An upload, copy or move:
//
//  1. in one transaction, writes the row with a new version, holds that
//     version's lock (lockVersion) and streams the bytes to the stage area,
//     blob.StageBucket "<version>/<bucket>/<name>";
//  2. commits; then
//  3. publishes: under the name's lock (lockName) it reads the committed row
//     and renames the staged bytes into place only if the row still carries
//     this version (else a later write or a delete won, and the stage is
//     dropped).
//
// Bytes at an object's key change only under its name lock, and only to match
// the row committed at that moment (deleteBytes follows the same rule), so
// concurrent writers, deletes and the recovery sweep converge on the bytes of
// the last committed row. A failed or abandoned write leaves the previous
// object untouched; a process that dies between 2 and 3 leaves a stage that
// RecoverStaged publishes (its row committed) or drops (it did not).

// Advisory lock classes (pg_advisory_xact_lock(int, int)); the second key is
// hashtext of the name or version. A collision only serialises two unrelated
// names, or makes the recovery sweep wait for its next round.
const (
	lockClassName    = 7330001 // the bytes at one object's key
	lockClassVersion = 7330002 // a write whose transaction is still open
)

func stageKey(version, bucket, name string) string {
	return version + "/" + bucket + "/" + name
}

// lockName takes the name lock of (bucket, name) for the rest of the
// transaction, then reads the committed row: whether it exists and its version.
// Two statements, so that the read sees what committed while we waited.
func lockName(ctx context.Context, conn pgrole.Conn, bucket, name string) (exists bool, version string, err error) {
	if _, err := conn.Exec(ctx, `select pg_advisory_xact_lock($1, hashtext($2 || '/' || $3))`, lockClassName, bucket, name); err != nil {
		return false, "", err
	}
	var v *string
	err = conn.QueryRow(ctx, `select version from storage.objects where bucket_id = $1 and name = $2`, bucket, name).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, "", nil
	}
	if err != nil {
		return false, "", err
	}
	if v != nil {
		version = *v
	}
	return true, version, nil
}

// lockVersion marks version as in flight until the writer's transaction ends,
// so that the recovery sweep leaves its stage alone. A try: if another
// version hashes alike and holds the lock, the sweep sees it held all the
// same, and the writer must not wait for a stranger.
func lockVersion(ctx context.Context, conn pgrole.Conn, version string) error {
	_, err := conn.Exec(ctx, `select pg_try_advisory_xact_lock($1, hashtext($2))`, lockClassVersion, version)
	return err
}

// errUnpublishable is a committed write whose bytes cannot take their place
// (the filesystem holds a folder or a file in the way: "a" and "a/b").
var errUnpublishable = errors.New("storage: the staged bytes conflict with an existing object or folder")

// publish moves the staged bytes of (bucket, name, version) into place if
// that version is still the committed one, and drops them otherwise.
func (s *Service) publish(ctx context.Context, bucket, name, version string) error {
	return pgrole.Do(ctx, s.pool, serviceSession(), func(conn pgrole.Conn) error {
		exists, current, err := lockName(ctx, conn, bucket, name)
		if err != nil {
			return err
		}
		stage := stageKey(version, bucket, name)
		if !exists || current != version {
			return s.backend.Delete(ctx, blob.StageBucket, stage)
		}
		_, err = s.backend.Rename(ctx, blob.StageBucket, stage, bucket, name)
		switch {
		case errors.Is(err, blob.ErrNotFound):
			return nil // published already (by the recovery sweep)
		case errors.Is(err, blob.ErrKeyConflict):
			_ = s.backend.Delete(ctx, blob.StageBucket, stage)
			return errors.Join(errUnpublishable, err)
		}
		return err
	})
}

// afterCommit publishes a committed write. When its bytes cannot take their
// place (errUnpublishable), undo runs, as the service under the name lock and
// only while the row still has this version, to take the write back (delete
// the new row, or move it back); the client then gets 409 KeyAlreadyExists.
// Any other failure is logged and left to the recovery sweep: the write is
// committed and its bytes are safe in the stage area.
func (s *Service) afterCommit(ctx context.Context, bucket, name, version string, undo func(context.Context, pgrole.Conn) error) error {
	// A rename on the filesystem, a server-side copy on S3: minutes only for huge objects.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Minute)
	defer cancel()
	err := s.publish(ctx, bucket, name, version)
	if err == nil {
		return nil
	}
	if !errors.Is(err, errUnpublishable) {
		s.log.ErrorContext(ctx, "storage: write committed but its bytes are not in place yet; the recovery sweep will finish it",
			"bucket", bucket, "name", name, "version", version, "err", err)
		return nil
	}
	uerr := pgrole.Do(ctx, s.pool, serviceSession(), func(conn pgrole.Conn) error {
		exists, current, err := lockName(ctx, conn, bucket, name)
		if err != nil || !exists || current != version {
			return err
		}
		return undo(ctx, conn)
	})
	if uerr != nil {
		s.log.ErrorContext(ctx, "storage: could not take back a write whose bytes have no place", "bucket", bucket, "name", name, "err", uerr)
	}
	return &apiError{status: 409, code: "KeyAlreadyExists", errText: "Duplicate", message: "The key conflicts with an existing object or folder", cause: err}
}

// undoInsert is the undo of a write that created or replaced (bucket, name).
func undoInsert(bucket, name, version string) func(context.Context, pgrole.Conn) error {
	return func(ctx context.Context, conn pgrole.Conn) error {
		_, err := conn.Exec(ctx, `delete from storage.objects where bucket_id = $1 and name = $2 and version = $3`, bucket, name, version)
		return err
	}
}

// dropStage removes the stage of a write that did not commit. A failure is
// only logged: the recovery sweep removes stages whose version never committed.
func (s *Service) dropStage(ctx context.Context, bucket, name, version string) {
	ctx, cancel := detached(ctx)
	defer cancel()
	if err := s.backend.Delete(ctx, blob.StageBucket, stageKey(version, bucket, name)); err != nil {
		s.log.WarnContext(ctx, "storage: could not remove the stage of a failed write", "bucket", bucket, "name", name, "err", err)
	}
}

// deleteBytes removes an object's bytes after its row is gone, under the name
// lock and only if no row has taken the name again meanwhile (that row's
// writer publishes its own bytes). A failure is recorded in storage.orphans
// and retried by the sweeper, never ignored.
func (s *Service) deleteBytes(ctx context.Context, bucket, name string) {
	err := pgrole.Do(ctx, s.pool, serviceSession(), func(conn pgrole.Conn) error {
		exists, _, err := lockName(ctx, conn, bucket, name)
		if err != nil || exists {
			return err
		}
		return s.backend.Delete(ctx, bucket, name)
	})
	if err == nil {
		return
	}
	s.log.WarnContext(ctx, "storage: byte delete failed; recorded for retry", "bucket", bucket, "name", name, "err", err)
	rerr := pgrole.Do(ctx, s.pool, serviceSession(), func(conn pgrole.Conn) error {
		_, err := conn.Exec(ctx, `insert into storage.orphans (bucket_id, name, last_error) values ($1, $2, $3)
			on conflict (bucket_id, name) do update set last_error = excluded.last_error`, bucket, name, err.Error())
		return err
	})
	if rerr != nil {
		s.log.ErrorContext(ctx, "storage: could not record an orphan", "bucket", bucket, "name", name, "err", rerr)
	}
}

// RecoverStaged finishes the writes a stopped process left in the stage area:
// a stage whose version is the committed one is published, any other is
// dropped; stages of transactions still open are left alone. It returns how
// many stages it published or dropped.
func (s *Service) RecoverStaged(ctx context.Context) (int, error) {
	entries, err := s.backend.List(ctx, blob.StageBucket, "")
	if err != nil {
		return 0, err
	}
	done := 0
	var errs []error
	for _, e := range entries {
		version, rest, ok1 := strings.Cut(e.Key, "/")
		bucket, name, ok2 := strings.Cut(rest, "/")
		if !ok1 || !ok2 {
			continue
		}
		err := pgrole.Do(ctx, s.pool, serviceSession(), func(conn pgrole.Conn) error {
			var free bool
			if err := conn.QueryRow(ctx, `select pg_try_advisory_xact_lock($1, hashtext($2))`, lockClassVersion, version).Scan(&free); err != nil || !free {
				return err // its writer's transaction is still open
			}
			exists, current, err := lockName(ctx, conn, bucket, name)
			if err != nil {
				return err
			}
			if exists && current == version {
				_, err = s.backend.Rename(ctx, blob.StageBucket, e.Key, bucket, name)
				if errors.Is(err, blob.ErrKeyConflict) {
					// Nowhere to put them (a folder in the way): the row cannot be served.
					s.log.ErrorContext(ctx, "storage: a recovered write conflicts with another object; removing it", "bucket", bucket, "name", name)
					if err = undoInsert(bucket, name, version)(ctx, conn); err == nil {
						err = s.backend.Delete(ctx, blob.StageBucket, e.Key)
					}
				}
			} else {
				err = s.backend.Delete(ctx, blob.StageBucket, e.Key)
			}
			if err == nil || errors.Is(err, blob.ErrNotFound) {
				done++
				return nil
			}
			return err
		})
		if err != nil {
			errs = append(errs, err)
		}
	}
	return done, errors.Join(errs...)
}
