package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casarent/server/pgtest"
)

func TestSeedIsIdempotentAndServesItsImages(t *testing.T) {
	db := pgtest.New(t)
	cfg := testConfig(t, db, nil)
	log := quietLog()
	ctx := context.Background()

	var first, second bytes.Buffer
	if err := seedCommand(ctx, cfg, log, &first, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first.String(), "administrator created — email admin@example.com  password ") {
		t.Fatalf("first seed did not print the generated login:\n%s", first.String())
	}
	cred, err := os.ReadFile(filepath.Join(cfg.DataDir, "admin.txt"))
	if err != nil || !strings.Contains(string(cred), "password=") {
		t.Fatalf("admin.txt: %v %q", err, cred)
	}
	if err := seedCommand(ctx, cfg, log, &second, nil); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(second.String(), "password") {
		t.Fatalf("second seed printed a login again:\n%s", second.String())
	}
	var cars, admins, objects int
	if err := db.Admin.QueryRow(ctx, `select (select count(*) from public.cars), (select count(*) from public.profiles where role = 'admin'),
		(select count(*) from storage.objects)`).Scan(&cars, &admins, &objects); err != nil {
		t.Fatal(err)
	}
	if cars != 10 || admins != 1 || objects == 0 {
		t.Fatalf("cars=%d admins=%d objects=%d", cars, admins, objects)
	}

	// The generated administrator can sign in, and a car's image is publicly served.
	app2, err := newApp(cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	defer app2.db.Pool.Close()
	if err := app2.db.Prepare(ctx); err != nil {
		t.Fatal(err)
	}
	routes := app2.routes()
	email, password := "", ""
	for line := range strings.SplitSeq(string(cred), "\n") {
		if v, ok := strings.CutPrefix(line, "email="); ok {
			email = v
		}
		if v, ok := strings.CutPrefix(line, "password="); ok {
			password = v
		}
	}
	rec := send(routes, http.MethodPost, "/auth/v1/token?grant_type=password", `{"email":"`+email+`","password":"`+password+`"}`,
		map[string]string{"apikey": cfg.AnonKey, "Content-Type": "application/json"})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "access_token") {
		t.Fatalf("admin sign-in: %d %s", rec.Code, rec.Body)
	}
	var image string
	if err := db.Admin.QueryRow(ctx, "select image from public.cars order by id limit 1").Scan(&image); err != nil {
		t.Fatal(err)
	}
	rec = do(routes, http.MethodGet, image, nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" || rec.Body.Len() < 1000 {
		t.Fatalf("GET %s: %d %q %d bytes", image, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
	}
}
