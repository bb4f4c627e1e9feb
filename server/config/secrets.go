package config

import (
	"bufio"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// keyEpoch is the issue time of derived project keys: fixed, so the same
// JWT_SECRET always derives the same ANON_KEY and SERVICE_ROLE_KEY.
var keyEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// FillSecrets completes c. The passwords of the login roles the server sets
// (authenticator, functions_db, studio_admin), when not given, are derived from DATABASE_URL's
// password (rolePassword). Outside production, what is still missing (JWT_SECRET;
// those passwords when DATABASE_URL has none) is generated once into
// <DATA_DIR>/secrets.env (mode 0600) and reused. The anon and service_role keys
// are derived from JWT_SECRET when not given.
func (c *Config) FillSecrets() error {
	if c.AuthenticatorPassword == "" {
		c.AuthenticatorPassword = rolePassword(c.DatabaseURL, "authenticator")
	}
	if c.FunctionsDBPassword == "" {
		c.FunctionsDBPassword = rolePassword(c.DatabaseURL, "functions_db")
	}
	if c.Studio.DBPassword == "" {
		c.Studio.DBPassword = rolePassword(c.DatabaseURL, "studio_admin")
	}
	if (c.JWTSecret == "" || c.AuthenticatorPassword == "" || c.FunctionsDBPassword == "" || c.Studio.DBPassword == "") && !c.Production() {
		saved, err := loadOrCreateSecrets(filepath.Join(c.DataDir, "secrets.env"))
		if err != nil {
			return err
		}
		if c.JWTSecret == "" {
			c.JWTSecret = saved["JWT_SECRET"]
		}
		if c.AuthenticatorPassword == "" {
			c.AuthenticatorPassword = saved["AUTHENTICATOR_PASSWORD"]
		}
		if c.FunctionsDBPassword == "" {
			c.FunctionsDBPassword = saved["FUNCTIONS_DB_PASSWORD"]
		}
		if c.Studio.DBPassword == "" {
			c.Studio.DBPassword = saved["PG_META_DB_PASSWORD"]
		}
	}
	var err error
	if c.AnonKey == "" && c.JWTSecret != "" {
		if c.AnonKey, err = DeriveKey(c.JWTSecret, "anon"); err != nil {
			return err
		}
	}
	if c.ServiceRoleKey == "" && c.JWTSecret != "" {
		if c.ServiceRoleKey, err = DeriveKey(c.JWTSecret, "service_role"); err != nil {
			return err
		}
	}
	return nil
}

// rolePassword is the password of a login role the server sets, derived from the
// owner's password in databaseURL ("" when it has none). Roles belong to the whole
// cluster, and every server keeps setting the passwords at start: servers of other
// projects on other databases of the cluster, or replicas started with a fresh data
// folder, each generating its own, would lock the others out. Derived from the one
// credential they share, they all set the same. The owner can do anything to the
// cluster: knowing the derived password tells nothing of the owner's (HMAC).
func rolePassword(databaseURL, role string) string {
	if databaseURL == "" {
		return ""
	}
	cfg, err := pgconn.ParseConfig(databaseURL)
	if err != nil || cfg.Password == "" {
		return ""
	}
	mac := hmac.New(sha256.New, []byte(cfg.Password))
	mac.Write([]byte("casarent login role password\x00" + role))
	return hex.EncodeToString(mac.Sum(nil))
}

// SecretsExist reports, as an error naming the folder, that JWT_SECRET is neither
// set nor generated yet in DATA_DIR: the project keys a command would print could
// not be any server's.
func (c *Config) SecretsExist() error {
	if c.JWTSecret != "" {
		return nil
	}
	path := filepath.Join(c.DataDir, "secrets.env")
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("no JWT_SECRET, and no %s (the server writes it at its first start): set JWT_SECRET, or DATA_DIR to the server's data folder, or run this where the server runs", path)
	}
	return nil
}

// DeriveKey returns the long-lived project key for role, signed with secret.
func DeriveKey(secret, role string) (string, error) {
	claims := jwt.MapClaims{"role": role, "iss": "supabase", "iat": keyEpoch.Unix(), "exp": keyEpoch.AddDate(20, 0, 0).Unix()}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
}

func loadOrCreateSecrets(path string) (map[string]string, error) {
	vals := map[string]string{}
	f, err := os.Open(path)
	if err == nil {
		// Whoever reads this file can sign any token: keep it private even when it
		// was copied or restored with looser permissions.
		if st, err := f.Stat(); err == nil && st.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(path, 0o600); err != nil {
				f.Close()
				return nil, fmt.Errorf("secrets: tighten %s: %w", path, err)
			}
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), "="); ok {
				vals[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	changed := false
	// A file written by an earlier version lacks the later names: they are added.
	names := []string{"JWT_SECRET", "AUTHENTICATOR_PASSWORD", "FUNCTIONS_DB_PASSWORD", "PG_META_DB_PASSWORD"}
	for _, k := range names {
		if vals[k] == "" {
			var b [32]byte
			if _, err := rand.Read(b[:]); err != nil {
				return nil, err
			}
			vals[k] = hex.EncodeToString(b[:])
			changed = true
		}
	}
	if changed {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		body := "# generated on first run; keep private\n"
		for _, k := range names {
			body += k + "=" + vals[k] + "\n"
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			return nil, err
		}
	}
	return vals, nil
}
