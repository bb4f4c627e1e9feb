package storage

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// maybeSweep starts an orphan sweep, then a recovery of staged writes, in the
// background when the last one is older than the configured interval
// (requests drive it: no goroutine lives longer than its work).
func (s *Service) maybeSweep() {
	last := s.lastSweep.Load()
	if time.Since(time.Unix(0, last)) < s.cfg.OrphanSweepInterval {
		return
	}
	if !s.lastSweep.CompareAndSwap(last, time.Now().UnixNano()) || !s.sweeping.CompareAndSwap(false, true) {
		return
	}
	s.sweeps.Go(func() {
		defer s.sweeping.Store(false)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := s.SweepOrphans(ctx); err != nil {
			s.log.Warn("storage: orphan sweep", "err", err)
		}
		if _, err := s.RecoverStaged(ctx); err != nil {
			s.log.Warn("storage: recovery of staged writes", "err", err)
		}
	})
}

// Idle waits until no background sweep runs (a request starts one when the last
// is older than the interval, the first request of a process included).
func (s *Service) Idle() { s.sweeps.Wait() }

// SweepOrphans retries the byte deletes recorded in storage.orphans and
// returns how many were cleared. Each record is locked while its bytes are
// deleted; an upload of the same name waits on that lock (claimName), and a
// record whose name is in use again by a committed object is simply dropped
// (decided under the name lock, as deleteBytes does).
func (s *Service) SweepOrphans(ctx context.Context) (int, error) {
	cleared := 0
	for {
		done := false
		err := pgrole.Do(ctx, s.pool, serviceSession(), func(conn pgrole.Conn) error {
			var bucket, name string
			err := conn.QueryRow(ctx, `select bucket_id, name from storage.orphans
				where next_attempt_at <= now() order by next_attempt_at limit 1 for update skip locked`).Scan(&bucket, &name)
			if errors.Is(err, pgx.ErrNoRows) {
				done = true
				return nil
			}
			if err != nil {
				return err
			}
			live, _, err := lockName(ctx, conn, bucket, name)
			if err != nil {
				return err
			}
			if !live {
				if derr := s.backend.Delete(ctx, bucket, name); derr != nil {
					_, err := conn.Exec(ctx, `update storage.orphans set attempts = attempts + 1, last_error = $3,
						next_attempt_at = now() + least(interval '1 hour', interval '10 seconds' * power(2, least(attempts, 10)))
						where bucket_id = $1 and name = $2`, bucket, name, derr.Error())
					return err
				}
			}
			_, err = conn.Exec(ctx, `delete from storage.orphans where bucket_id = $1 and name = $2`, bucket, name)
			cleared++
			return err
		})
		if err != nil {
			return cleared, err
		}
		if done {
			return cleared, nil
		}
	}
}
