// Package pgtest gives each test a fresh database cloned from a template that is
// migrated once per cluster, so test packages run in parallel against a real
// PostgreSQL. The cluster comes from DATABASE_URL (a superuser URL; `make test`
// starts a throw-away cluster and sets it). Without it tests fail, never skip.
package pgtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/migrations"
	"casarent/server/pgrole"
)

// JWTSecret signs every token minted by Token.
const JWTSecret = "pgtest-jwt-secret-0123456789abcdef0123456789"

// AuthenticatorPassword is the test cluster's password for the authenticator role.
const AuthenticatorPassword = "pgtest-authenticator"

// FunctionsDBPassword is the test cluster's password for functions_db, the role of
// the TypeScript functions' SUPABASE_DB_URL.
const FunctionsDBPassword = "pgtest-functions"

// DB is one fresh database.
type DB struct {
	Name     string
	AdminURL string        // superuser, for setup and assertions that must bypass RLS
	URL      string        // as authenticator, the way the server connects
	Admin    *pgxpool.Pool // superuser pool
	Pool     *pgxpool.Pool // authenticator pool: use with pgrole
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// ClusterURL returns DATABASE_URL or fails the test.
func ClusterURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("DATABASE_URL")
	if u == "" {
		t.Fatal("pgtest: DATABASE_URL is not set; run the tests with `make test` (it starts a PostgreSQL cluster)")
	}
	return u
}

// WithDatabase returns u pointing at database name (and user/password when given).
func WithDatabase(u, name, user, password string) string {
	p, err := url.Parse(u)
	if err != nil {
		panic(err)
	}
	p.Path = "/" + name
	if user != "" {
		p.User = url.UserPassword(user, password)
	}
	return p.String()
}

// New creates a fresh migrated database for t and drops it when t ends.
func New(t testing.TB) *DB {
	t.Helper()
	cluster := ClusterURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	templateOnce.Do(func() { templateName, templateErr = ensureTemplate(ctx, cluster) })
	if templateErr != nil {
		t.Fatalf("pgtest: template: %v", templateErr)
	}
	name := "t_" + randHex(8)
	if err := exec(ctx, cluster, fmt.Sprintf("create database %s template %s", name, templateName)); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	db := &DB{
		Name:     name,
		AdminURL: WithDatabase(cluster, name, "", ""),
		URL:      WithDatabase(cluster, name, "authenticator", AuthenticatorPassword),
	}
	var err error
	if db.Admin, err = pgxpool.New(ctx, db.AdminURL); err != nil {
		t.Fatal(err)
	}
	if db.Pool, err = pgxpool.New(ctx, db.URL); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Pool.Close()
		db.Admin.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = exec(ctx, cluster, fmt.Sprintf("drop database if exists %s with (force)", name))
	})
	return db
}

// Exec runs sql as the superuser (set-up and changes a test makes behind RLS)
// and fails t when it errs.
func (db *DB) Exec(t testing.TB, sql string, args ...any) {
	t.Helper()
	if _, err := db.Admin.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("pgtest: %.200s: %v", sql, err)
	}
}

// ExecFile runs the SQL file at path (a test's fixture) as the superuser and
// fails t when it cannot be read or errs.
func (db *DB) ExecFile(t testing.TB, path string) {
	t.Helper()
	sql, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Admin.Exec(context.Background(), string(sql)); err != nil {
		t.Fatalf("pgtest: %s: %v", path, err)
	}
}

// setAuthenticatorPassword gives the cluster-wide authenticator role the tests' password,
// on every run: a server started on the same cluster (make run, server migrate) sets its own.
// functions_db gets its own the same way.
func setAuthenticatorPassword(ctx context.Context, conn *pgx.Conn) error {
	if _, err := conn.Exec(ctx, "alter role authenticator with login password '"+AuthenticatorPassword+"'"); err != nil {
		return err
	}
	_, err := conn.Exec(ctx, "alter role functions_db with login password '"+FunctionsDBPassword+"'")
	return err
}

// ensureTemplate migrates a template database named after the migrations' checksum,
// once per cluster (an advisory lock makes parallel test processes wait for one).
func ensureTemplate(ctx context.Context, cluster string) (string, error) {
	sum, err := templateChecksum()
	if err != nil {
		return "", err
	}
	name := "tmpl_" + sum
	conn, err := pgx.Connect(ctx, cluster)
	if err != nil {
		return "", err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "select pg_advisory_lock(4242)"); err != nil {
		return "", err
	}
	defer conn.Exec(context.Background(), "select pg_advisory_unlock(4242)") //nolint:errcheck
	var exists bool
	if err := conn.QueryRow(ctx, "select exists (select 1 from pg_database where datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, setAuthenticatorPassword(ctx, conn)
	}
	building := name + "_building"
	if _, err := conn.Exec(ctx, "drop database if exists "+building+" with (force)"); err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, "create database "+building); err != nil {
		return "", err
	}
	mc, err := pgx.Connect(ctx, WithDatabase(cluster, building, "", ""))
	if err != nil {
		return "", err
	}
	if _, err := migrations.Apply(ctx, mc); err != nil {
		mc.Close(ctx)
		return "", err
	}
	if _, err := migrations.ApplyProject(ctx, mc, RentalMigrations()); err != nil {
		mc.Close(ctx)
		return "", err
	}
	mc.Close(ctx)
	if _, err := conn.Exec(ctx, "alter database "+building+" rename to "+name); err != nil {
		return "", err
	}
	return name, setAuthenticatorPassword(ctx, conn)
}

// RentalMigrations is the rental project's migrations folder in this repository:
// test databases hold the platform's schema and the rental's.
func RentalMigrations() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "rental", "supabase", "migrations")
}

// templateChecksum names the template after the platform's migrations and the
// rental's (names and contents), so any change makes a new one.
func templateChecksum() (string, error) {
	sum, err := migrations.Checksum()
	if err != nil {
		return "", err
	}
	files, _, err := migrations.ProjectFiles(RentalMigrations())
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(sum))
	for _, f := range files {
		b, err := os.ReadFile(f.Path)
		if err != nil {
			return "", err
		}
		h.Write([]byte(f.Version + f.Name))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

func exec(ctx context.Context, dsn, sql string) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, sql)
	return err
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Token mints an access token signed with JWTSecret for role and user sub (may be
// empty), valid for an hour; extra claims are merged in. A user's token says
// aal2, as a session that passed every factor would: a project may want it.
func Token(t testing.TB, role, sub string, extra map[string]any) string {
	t.Helper()
	now := time.Now()
	c := jwt.MapClaims{"role": role, "aud": "authenticated", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	if sub != "" {
		c["sub"] = sub
		c["aal"] = "aal2"
	}
	maps.Copy(c, extra)
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(JWTSecret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TamperSignature changes one character inside a JWT's signature. (Changing the
// last characters is not enough: the last base64url character of a 32-byte
// signature carries padding bits a decoder may ignore, so "…xx" was now and
// then the same signature.)
func TamperSignature(token string) string {
	b := []byte(token)
	i := len(b) - 10
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	return string(b)
}

// As returns the pgrole session of role acting as user sub ("" for none), at
// aal2 as Token's.
func As(role, sub string) pgrole.Session {
	claims := fmt.Sprintf(`{"role":%q}`, role)
	if sub != "" {
		claims = fmt.Sprintf(`{"role":%q,"sub":%q,"aal":"aal2"}`, role, sub)
	}
	return pgrole.Session{Role: role, ClaimsJSON: []byte(claims), Method: "POST", Path: "/test"}
}
