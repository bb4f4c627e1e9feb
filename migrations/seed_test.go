package migrations_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"casarent/migrations"
	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

const publicPrefix = "/storage/v1/object/public/"

// devSeed is seed/dev.sql: the development and e2e data.
func devSeed(t *testing.T) string {
	t.Helper()
	sql, err := migrations.Seed("dev.sql")
	if err != nil {
		t.Fatal(err)
	}
	return sql
}

func TestSeedDevIsIdempotentAndComplete(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	sql := devSeed(t)
	for i := range 2 {
		if _, err := db.Admin.Exec(ctx, sql); err != nil {
			t.Fatalf("seed run %d: %v", i+1, err)
		}
	}

	count := func(q string) int {
		t.Helper()
		var n int
		if err := db.Admin.QueryRow(ctx, q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	for q, want := range map[string]int{
		`select count(*) from public.cars`:                                  10,
		`select count(*) from public.blog_posts`:                            4,
		`select count(*) from public.blog_posts where status = 'published'`: 3,
		// Every car and published post in English and Arabic, every field; the draft French-only.
		`select count(*) from public.cars where translations ?& array['en', 'ar'] and translations->'en' ? 'description' and translations->'ar' ? 'description'`:                                                                 10,
		`select count(*) from public.blog_posts b, unnest(array['en', 'ar']) l, unnest(array['title', 'excerpt', 'content', 'tags', 'meta_title', 'meta_description']) f where b.status = 'published' and b.translations->l ? f`: 36,
		`select count(*) from public.blog_posts where status = 'draft' and translations = '{}'`:                                                                                                                                  1,
		`select count(distinct category) from public.cars`:                                                                              6,
		`select count(distinct fuel) from public.cars`:                                                                                  4,
		`select count(distinct transmission) from public.cars`:                                                                          2,
		`select count(distinct seats) from public.cars`:                                                                                 5,
		`select count(*) from public.cars where not available`:                                                                          1,
		`select count(*) from public.cars where not_available_until > current_date`:                                                     1,
		`select count(*) from public.cars where price not between 250 and 1500`:                                                         0,
		`select count(*) from public.cars where brand not in ('Renault','Peugeot','Citroën','BMW','Mercedes','Audi','Volkswagen')`:      0,
		`select count(*) from public.cars c where (select count(*) from public.car_images i where i.car_id = c.id) not between 2 and 4`: 0,
		// the card image is the first of the gallery
		`select count(*) from public.cars c where c.image <> (select i.image_url from public.car_images i where i.car_id = c.id order by display_order limit 1)`: 0,
		`select count(*) from public.profiles`: 0,
		`select count(*) from auth.users`:      0,
	} {
		if got := count(q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}

	// Every image URL of the seed (cars, galleries, blog) has a storage row whose
	// size is that of an embedded, decodable 1200x800 JPEG under 150 KB.
	rows, err := db.Admin.Query(ctx, `
		select image from public.cars
		union select image_url from public.car_images
		union select featured_image from public.blog_posts`)
	if err != nil {
		t.Fatal(err)
	}
	urls, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(urls) != 28+4 {
		t.Fatalf("%d distinct image urls, want 32", len(urls))
	}
	for _, u := range urls {
		bucket, name, ok := strings.Cut(strings.TrimPrefix(u, publicPrefix), "/")
		if !strings.HasPrefix(u, publicPrefix) || !ok || !strings.HasPrefix(name, "seed/") {
			t.Fatalf("url %q is not a public seed object", u)
		}
		var meta struct {
			Mimetype string `json:"mimetype"`
			Size     int    `json:"size"`
		}
		var raw []byte
		if err := db.Admin.QueryRow(ctx, `select metadata from storage.objects where bucket_id = $1 and name = $2`, bucket, name).Scan(&raw); err != nil {
			t.Fatalf("storage row for %s/%s: %v", bucket, name, err)
		}
		if err := json.Unmarshal(raw, &meta); err != nil {
			t.Fatal(err)
		}
		data, err := migrations.Seed("images/" + strings.TrimPrefix(name, "seed/"))
		if err != nil {
			t.Fatalf("image file for %s: %v", u, err)
		}
		if meta.Mimetype != "image/jpeg" || meta.Size != len(data) {
			t.Fatalf("%s: metadata %+v, file has %d bytes", u, meta, len(data))
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader([]byte(data)))
		if err != nil || cfg.Width != 1200 || cfg.Height != 800 || len(data) >= 150*1024 {
			t.Fatalf("%s: %dx%d, %d bytes, err %v", u, cfg.Width, cfg.Height, len(data), err)
		}
	}
	if n := count(`select count(*) from storage.objects where name like 'seed/%'`); n != len(urls) {
		t.Errorf("%d seed storage rows for %d images", n, len(urls))
	}

	// What a visitor sees, through pgrole as anon: every car by its slug, with its
	// gallery; the published posts only; the images' storage rows.
	anonymous := pgtest.As("anon", "")
	var slugs []string
	err = pgrole.Query(ctx, db.Pool, anonymous, false, `select slug from public.cars order by id`, nil, func(r pgx.Rows) error {
		var err error
		slugs, err = pgx.CollectRows(r, pgx.RowTo[string])
		return err
	})
	if err != nil || len(slugs) != 10 {
		t.Fatalf("anon sees %d cars (err %v)", len(slugs), err)
	}
	for _, s := range slugs {
		var images int
		err := pgrole.Query(ctx, db.Pool, anonymous, false,
			`select (select count(*) from public.car_images i where i.car_id = c.id) from public.cars c where c.slug = $1`,
			[]any{s}, func(r pgx.Rows) error {
				if !r.Next() {
					return fs.ErrNotExist
				}
				return r.Scan(&images)
			})
		if err != nil || images < 2 {
			t.Errorf("anon: car %s: %d images, err %v", s, images, err)
		}
	}
	var posts, objects int
	err = pgrole.Query(ctx, db.Pool, anonymous, false,
		`select (select count(*) from public.blog_posts), (select count(*) from storage.objects where name like 'seed/%')`, nil,
		func(r pgx.Rows) error { r.Next(); return r.Scan(&posts, &objects) })
	if err != nil || posts != 3 || objects != len(urls) {
		t.Fatalf("anon sees %d posts and %d seed objects (err %v)", posts, objects, err)
	}
}

// Every committed image is referenced by dev.sql's storage rows, so none is dead
// weight in the binary (seed/ is embedded).
func TestSeedImagesAreAllReferenced(t *testing.T) {
	t.Parallel()
	sql := devSeed(t)
	entries, err := os.ReadDir("seed/images")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 32 {
		t.Fatalf("%d seed images, want 32", len(entries))
	}
	for _, e := range entries {
		if !strings.Contains(sql, "'seed/"+e.Name()+"'") {
			t.Errorf("image %s is not in dev.sql's storage rows", e.Name())
		}
	}
}

// Seed images are served as immutable for a year (rental/seed/seed.go): bytes may never
// change under a name. A redrawn image needs a new file name (and dev.sql's URLs).
func TestSeedImagesNeverChangeUnderTheirName(t *testing.T) {
	sums, err := migrations.Seed("images.sha256")
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for line := range strings.SplitSeq(strings.TrimSpace(sums), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("images.sha256 line %q", line)
		}
		data, err := migrations.Seed("images/" + name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256([]byte(data))); got != sum {
			t.Errorf("seed image %s changed under its name: browsers keep it a year; give it a new name", name)
		}
		listed++
	}
	files, err := fs.Glob(migrations.SeedFS(), "images/*.jpg")
	if err != nil || len(files) != listed {
		t.Errorf("%d images, %d in images.sha256 (%v)", len(files), listed, err)
	}
}
