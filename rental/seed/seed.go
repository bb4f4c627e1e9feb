// Package seed loads the rental's development data: migrations/seed/dev.sql
// (the fleet, the blog; idempotent upserts) and any other seed file named, the
// images its storage.objects rows name, and an administrator. Images and the
// administrator go through the server's own storage and auth APIs, in process,
// with the service_role key — the same path a Supabase user's script would take.
package seed

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/jackc/pgx/v5"

	"casarent/migrations"
	"casarent/rental/adminusers"
	"casarent/server/config"
)

// Run seeds the prepared (migrated) database of cfg: dev.sql, then the seed
// files extra names (e.g. e2e.sql), the images, the administrator. server is the
// whole server's handler (its /storage/v1 and /auth/v1 are used).
func Run(ctx context.Context, cfg *config.Config, server http.Handler, stdout io.Writer, extra []string) error {
	conn, err := pgx.Connect(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))

	files := append([]string{"dev.sql"}, extra...)
	for _, name := range files {
		sql, err := migrations.Seed(name)
		if err != nil {
			return fmt.Errorf("seed: %s: %w", name, err)
		}
		if _, err := conn.Exec(ctx, sql); err != nil {
			return fmt.Errorf("seed: %s: %w", name, err)
		}
	}
	n, err := seedImages(ctx, conn, server, cfg.ServiceRoleKey)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seed: %s applied, %d images stored\n", strings.Join(files, ", "), n)
	return seedAdmin(ctx, conn, server, cfg, stdout)
}

// seedImages uploads every seed image that a storage.objects row of the seed names.
func seedImages(ctx context.Context, conn *pgx.Conn, h http.Handler, serviceKey string) (int, error) {
	rows, err := conn.Query(ctx, "select bucket_id, name from storage.objects where name like 'seed/%' order by 1, 2")
	if err != nil {
		return 0, err
	}
	type obj struct{ bucket, name string }
	objs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (obj, error) {
		var o obj
		return o, r.Scan(&o.bucket, &o.name)
	})
	if err != nil {
		return 0, err
	}
	seedFS := migrations.SeedFS()
	for _, o := range objs {
		body, err := fs.ReadFile(seedFS, "images/"+path.Base(o.name))
		if err != nil {
			return 0, fmt.Errorf("seed: image for %s/%s: %w", o.bucket, o.name, err)
		}
		req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/storage/v1/object/"+o.bucket+"/"+o.name, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+serviceKey)
		req.Header.Set("apikey", serviceKey)
		req.Header.Set("Content-Type", mime.TypeByExtension(path.Ext(o.name)))
		req.Header.Set("x-upsert", "true")
		// A seed image never changes under its name (migrations/seed/images.sha256,
		// checked by a test), so browsers may keep it a year without asking.
		req.Header.Set("Cache-Control", "max-age=31536000, immutable")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code/100 != 2 {
			return 0, fmt.Errorf("seed: upload %s/%s: %d %s", o.bucket, o.name, rec.Code, rec.Body.String())
		}
	}
	return len(objs), nil
}

// seedAdmin makes sure an administrator exists: ADMIN_EMAIL/ADMIN_PASSWORD when set
// (every run, so the environment stays authoritative), else a generated one the
// first time, whose login is printed once and kept in <DATA_DIR>/admin.txt.
func seedAdmin(ctx context.Context, conn *pgx.Conn, h http.Handler, cfg *config.Config, stdout io.Writer) error {
	email, password := cfg.AdminEmail, cfg.AdminPassword
	if email != "" && password != "" && len([]rune(password)) < adminusers.MinPasswordLength {
		return fmt.Errorf("seed: ADMIN_PASSWORD must have at least %d characters (an administrator's password)", adminusers.MinPasswordLength)
	}
	credFile := filepath.Join(cfg.DataDir, "admin.txt")
	if email == "" || password == "" {
		var n int
		if err := conn.QueryRow(ctx, "select count(*) from public.profiles where role = 'admin'").Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			fmt.Fprintf(stdout, "seed: an administrator exists (first login in %s)\n", credFile)
			return nil
		}
		email, password = "admin@example.com", randomPassword()
	}
	id, err := ensureUser(ctx, conn, h, cfg.ServiceRoleKey, email, password)
	if err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, "update public.profiles set role = 'admin', first_name = coalesce(first_name, 'Admin') where id = $1", id); err != nil {
		return fmt.Errorf("seed: promote %s: %w", email, err)
	}
	if cfg.AdminEmail == "" || cfg.AdminPassword == "" {
		if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(credFile, []byte("email="+email+"\npassword="+password+"\n"), 0o600); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "seed: administrator created — email %s  password %s  (kept in %s)\n", email, password, credFile)
	} else {
		fmt.Fprintf(stdout, "seed: administrator %s is ready\n", email)
	}
	return nil
}

// ensureUser creates a confirmed user through the auth admin API, or updates the
// password of an existing one, and returns its id.
func ensureUser(ctx context.Context, conn *pgx.Conn, h http.Handler, serviceKey, email, password string) (string, error) {
	var id string
	err := conn.QueryRow(ctx, "select id::text from auth.users where lower(email) = lower($1)", email).Scan(&id)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		var u struct {
			ID string `json:"id"`
		}
		if err := authAdmin(ctx, h, serviceKey, http.MethodPost, "/auth/v1/admin/users",
			map[string]any{"email": email, "password": password, "email_confirm": true,
				"user_metadata": map[string]any{"first_name": "Admin", "last_name": ""}}, &u); err != nil {
			return "", err
		}
		return u.ID, nil
	case err != nil:
		return "", err
	}
	return id, authAdmin(ctx, h, serviceKey, http.MethodPut, "/auth/v1/admin/users/"+id,
		map[string]any{"password": password, "email_confirm": true}, nil)
}

func authAdmin(ctx context.Context, h http.Handler, serviceKey, method, url string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req := httptest.NewRequestWithContext(ctx, method, url, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+serviceKey)
	req.Header.Set("apikey", serviceKey)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code/100 != 2 {
		return fmt.Errorf("seed: %s %s: %d %s", method, url, rec.Code, rec.Body.String())
	}
	if out != nil {
		return json.Unmarshal(rec.Body.Bytes(), out)
	}
	return nil
}

// randomPassword is 16 characters (96 random bits), above adminusers.MinPasswordLength.
func randomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
