package functions

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// Secrets set over HTTP (`server secrets set`) live in supabase_functions.function_secrets,
// sealed with AES-GCM under a key derived from the JWT secret; every replica reads
// them with the deployed versions and a function sees them from its next start
// (they win over FUNCTIONS_DIR/.env).

const secretsPath = "_secrets"

// SecretsKey derives the sealing key from the server's JWT secret.
func SecretsKey(jwtSecret string) []byte {
	k := sha256.Sum256([]byte("casarent function secrets\x00" + jwtSecret))
	return k[:]
}

func seal(key []byte, name, value string) ([]byte, error) {
	gcm, err := newGCM(key)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return gcm.Seal(nonce, nonce, []byte(value), []byte(name)), nil
}

func unseal(key []byte, name string, sealed []byte) (string, error) {
	gcm, err := newGCM(key)
	if err != nil {
		return "", err
	}
	if len(sealed) < gcm.NonceSize() {
		return "", errors.New("sealed secret too short")
	}
	plain, err := gcm.Open(nil, sealed[:gcm.NonceSize()], sealed[gcm.NonceSize():], []byte(name))
	return string(plain), err
}

func newGCM(key []byte) (cipher.AEAD, error) {
	if len(key) != 32 {
		return nil, errors.New("functions: the secrets key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// readDBSecrets unseals every stored secret (one that does not open, e.g. after
// JWT_SECRET changed, is logged and left out).
func (fr *fileRuntime) readDBSecrets(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	err := pgrole.Do(ctx, fr.opts.Pool, service, func(c pgrole.Conn) error {
		rs, err := c.Query(ctx, `select name, sealed from supabase_functions.function_secrets`)
		if err != nil {
			return err
		}
		return pgrole.ScanRows(rs, func(r pgx.Rows) error {
			for r.Next() {
				var name string
				var sealed []byte
				if err := r.Scan(&name, &sealed); err != nil {
					return err
				}
				v, err := unseal(fr.opts.SecretsKey, name, sealed)
				if err != nil {
					fr.logger.Error("functions: a secret does not open with this JWT_SECRET; set it again", "secret", name)
					continue
				}
				out[name] = v
			}
			return nil
		})
	})
	return out, err
}

// putSecrets stores {"NAME": "value", …}, sealed.
func (fr *fileRuntime) putSecrets(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var in map[string]string
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&in); err != nil || len(in) == 0 {
		writeGateway(w, http.StatusBadRequest, "INVALID_SECRETS", `the body must be {"NAME": "value", …}`)
		return
	}
	err := pgrole.Do(ctx, fr.opts.Pool, service, func(c pgrole.Conn) error {
		for k, v := range in {
			if !envName.MatchString(k) || strings.HasPrefix(k, "SUPABASE_") {
				return fmt.Errorf("%w: %q", errSecretName, k)
			}
			sealed, err := seal(fr.opts.SecretsKey, k, v)
			if err != nil {
				return err
			}
			if _, err := c.Exec(ctx, `insert into supabase_functions.function_secrets (name, sealed) values ($1, $2)
				on conflict (name) do update set sealed = excluded.sealed, updated_at = now()`, k, sealed); err != nil {
				return err
			}
		}
		return nil
	})
	fr.secretsAnswer(w, len(in), err)
}

// deleteSecret removes /_secrets/NAME.
func (fr *fileRuntime) deleteSecret(w http.ResponseWriter, r *http.Request) {
	err := pgrole.Do(r.Context(), fr.opts.Pool, service, func(c pgrole.Conn) error {
		_, err := c.Exec(r.Context(), `delete from supabase_functions.function_secrets where name = $1`, chi.URLParam(r, "name"))
		return err
	})
	fr.secretsAnswer(w, 1, err)
}

// listSecrets answers the stored secrets' names, never their values.
func (fr *fileRuntime) listSecrets(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	names := []string{}
	err := pgrole.Do(ctx, fr.opts.Pool, service, func(c pgrole.Conn) error {
		rs, err := c.Query(ctx, `select name from supabase_functions.function_secrets order by name`)
		if err != nil {
			return err
		}
		return pgrole.ScanRows(rs, func(r pgx.Rows) error {
			for r.Next() {
				var n string
				if err := r.Scan(&n); err != nil {
					return err
				}
				names = append(names, n)
			}
			return nil
		})
	})
	if err != nil {
		fr.secretsAnswer(w, 0, err)
		return
	}
	_ = httpx.WriteJSON(w, http.StatusOK, names)
}

var errSecretName = errors.New("a secret's name is letters, digits and _, not starting with SUPABASE_")

func (fr *fileRuntime) secretsAnswer(w http.ResponseWriter, n int, err error) {
	switch {
	case errors.Is(err, errSecretName):
		writeGateway(w, http.StatusBadRequest, "INVALID_SECRETS", err.Error())
	case err != nil:
		fr.logger.Error("functions: secrets", "err", err)
		writeGateway(w, http.StatusInternalServerError, "SECRETS_FAILED", "the secrets could not be stored")
	default:
		_ = httpx.WriteJSON(w, http.StatusOK, map[string]int{"secrets": n})
	}
}

// SetSecrets stores secrets on the server.
func (c DeployClient) SetSecrets(ctx context.Context, secrets map[string]string) error {
	body, _ := json.Marshal(secrets)
	var out map[string]int
	return c.call(ctx, http.MethodPut, "/functions/v1/"+secretsPath, body, &out)
}

// SecretNames lists the stored secrets' names.
func (c DeployClient) SecretNames(ctx context.Context) ([]string, error) {
	var out []string
	err := c.call(ctx, http.MethodGet, "/functions/v1/"+secretsPath, nil, &out)
	return out, err
}
