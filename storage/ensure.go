package storage

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

// BucketSpec is a bucket the project declares (config.toml's
// [storage.buckets.<name>]).
type BucketSpec = config.StorageBucket

// EnsureBuckets makes each declared bucket exist as declared, after the schema
// is migrated: created when missing, its public flag, size limit and MIME types
// set back to the declaration when they differ (a limit of 0 and no MIME types
// mean none). Buckets it does not name are left alone. Replicas may run it at
// once: each row is one upsert.
func EnsureBuckets(ctx context.Context, pool *pgxpool.Pool, specs []BucketSpec) error {
	for _, b := range specs {
		if !validBucketName(b.Name) {
			return fmt.Errorf("storage: bucket %q: not a valid bucket name", b.Name)
		}
	}
	if len(specs) == 0 {
		return nil
	}
	s := pgrole.Session{Role: jwtauth.RoleService, Method: "POST", Path: "/storage/v1/bucket"}
	return pgrole.Do(ctx, pool, s, func(c pgrole.Conn) error {
		for _, b := range specs {
			var limit any
			if b.FileSizeLimit > 0 {
				limit = b.FileSizeLimit
			}
			_, err := c.Exec(ctx, `insert into storage.buckets as b (id, name, public, file_size_limit, allowed_mime_types)
				values ($1, $1, $2, $3, $4)
				on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
					allowed_mime_types = excluded.allowed_mime_types
				where (b.public, b.file_size_limit, b.allowed_mime_types)
					is distinct from (excluded.public, excluded.file_size_limit, excluded.allowed_mime_types)`,
				b.Name, b.Public, limit, nilIfEmpty(b.AllowedMIMETypes))
			if err != nil {
				return fmt.Errorf("storage: bucket %q: %w", b.Name, err)
			}
		}
		return nil
	})
}
