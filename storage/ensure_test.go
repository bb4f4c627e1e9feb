package storage_test

import (
	"context"
	"reflect"
	"testing"

	"casarent/server/pgtest"
	"casarent/storage"
)

type bucketRow struct {
	Public bool
	Limit  *int64
	Mimes  []string
}

func readBucket(t *testing.T, db *pgtest.DB, id string) *bucketRow {
	t.Helper()
	var r bucketRow
	err := db.Admin.QueryRow(context.Background(),
		`select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, id).Scan(&r.Public, &r.Limit, &r.Mimes)
	if err != nil {
		return nil
	}
	return &r
}

// The buckets config.toml declares exist after a start, as declared: a missing
// one is made, a changed one set back; others are left alone.
func TestEnsureBuckets(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	db.Exec(t, `insert into storage.buckets (id, name, public, file_size_limit) values ('docs', 'docs', true, 10), ('other', 'other', true, 10)`)
	specs := []storage.BucketSpec{
		{Name: "avatars", Public: true, FileSizeLimit: 1 << 20, AllowedMIMETypes: []string{"image/png"}},
		{Name: "docs"},
	}
	for range 2 { // a second start finds them as declared
		if err := storage.EnsureBuckets(ctx, db.Pool, specs); err != nil {
			t.Fatal(err)
		}
		limit := int64(1 << 20)
		if got := readBucket(t, db, "avatars"); !reflect.DeepEqual(got, &bucketRow{true, &limit, []string{"image/png"}}) {
			t.Errorf("avatars: %+v", got)
		}
		if got := readBucket(t, db, "docs"); !reflect.DeepEqual(got, &bucketRow{}) {
			t.Errorf("docs: %+v", got)
		}
		ten := int64(10)
		if got := readBucket(t, db, "other"); !reflect.DeepEqual(got, &bucketRow{true, &ten, nil}) {
			t.Errorf("other: %+v", got)
		}
	}
	if err := storage.EnsureBuckets(ctx, db.Pool, []storage.BucketSpec{{Name: "bad/name"}}); err == nil {
		t.Error("bad/name accepted")
	}
}
