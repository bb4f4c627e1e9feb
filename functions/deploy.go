package functions

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// Functions deployed over HTTP: `server functions deploy` uploads a function's
// sources to /functions/v1/_deploy/<name>, which the server bundles into one module
// with its dependencies (deploy_build.go; a ready bundle is taken too); PostgreSQL
// keeps every version and which one is active; each replica polls the active
// versions, writes their bundles under FileOptions.DeployDir and serves them. A
// deployed function takes precedence over a folder of FUNCTIONS_DIR with its name.

// deployPath is the admin path under /functions/v1 ("_" names are never functions).
const deployPath = "_deploy"

const maxBundleBytes = 20 << 20

var service = pgrole.Session{Role: "service_role"}

// syncDeployed reads the active versions and serves them: new bundles are written
// to disk first, then the functions are swapped in.
func (fr *fileRuntime) syncDeployed(ctx context.Context) error {
	// One at a time: a deployment's own answer and the notification both sync, and
	// two writes of one bundle would share its temporary folder.
	fr.syncMu.Lock()
	defer fr.syncMu.Unlock()
	type active struct {
		name    string
		version int
		verify  bool
		digest  string
	}
	var rows []active
	err := pgrole.Do(ctx, fr.opts.Pool, service, func(c pgrole.Conn) error {
		rs, err := c.Query(ctx, `select a.name, a.version, v.verify_jwt, v.digest from supabase_functions.function_active a
			join supabase_functions.function_versions v using (name, version)`)
		if err != nil {
			return err
		}
		return pgrole.ScanRows(rs, func(r pgx.Rows) error {
			for r.Next() {
				var a active
				if err := r.Scan(&a.name, &a.version, &a.verify, &a.digest); err != nil {
					return err
				}
				rows = append(rows, a)
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	secrets, _, err := readSecrets(fr.absDir())
	if err != nil {
		return err
	}
	stored, err := fr.readDBSecrets(ctx)
	if err != nil {
		return err
	}
	maps.Copy(secrets, stored)
	next := map[string]*fileFunction{}
	for _, a := range rows {
		dir := filepath.Join(fr.opts.DeployDir, a.name, fmt.Sprintf("v%d-%.16s", a.version, a.digest))
		entry := filepath.Join(dir, "index.js")
		if _, err := os.Stat(entry); err != nil {
			if err := fr.writeBundle(ctx, a.name, a.version, dir); err != nil {
				return err
			}
		}
		next[a.name] = &fileFunction{Name: a.name, Dir: dir, Entry: entry, VerifyJWT: a.verify, Secrets: secrets,
			Version: "v" + strconv.Itoa(a.version)}
	}
	fr.srcMu.Lock()
	changed := !maps.EqualFunc(next, fr.deployed, func(a, b *fileFunction) bool { return a.Version == b.Version }) ||
		!maps.Equal(stored, fr.dbSecrets)
	if changed {
		fr.deployed, fr.dbSecrets = next, stored
	}
	fr.srcMu.Unlock()
	if changed {
		fr.refresh()
	}
	return nil
}

func (fr *fileRuntime) absDir() string {
	d, err := filepath.Abs(fr.opts.Dir)
	if err != nil {
		return fr.opts.Dir
	}
	return d
}

// writeBundle fetches one version's bundle into dir (written aside, then renamed:
// a worker never sees half a file).
func (fr *fileRuntime) writeBundle(ctx context.Context, name string, version int, dir string) error {
	var bundle []byte
	err := pgrole.Do(ctx, fr.opts.Pool, service, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select bundle from supabase_functions.function_versions where name = $1 and version = $2`, name, version).Scan(&bundle)
	})
	if err != nil {
		return fmt.Errorf("functions: bundle of %s v%d: %w", name, version, err)
	}
	tmp := dir + ".tmp" + strconv.Itoa(os.Getpid())
	_ = os.RemoveAll(tmp)
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "index.js"), bundle, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil && !errors.Is(err, os.ErrExist) && !dirExists(dir) {
		return err
	}
	_ = os.RemoveAll(tmp)
	return nil
}

// rollback brings back the version of /_deploy/{name}/rollback before the active one.
func (fr *fileRuntime) rollback(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	var v int
	err := pgrole.Do(r.Context(), fr.opts.Pool, service, func(c pgrole.Conn) error {
		return c.QueryRow(r.Context(), `select supabase_functions.rollback_function($1)`, name).Scan(&v)
	})
	fr.deployAnswer(w, r, name, v, err)
}

// deploy stores a new version of /_deploy/{name}: its sources to bundle
// (multipart/form-data) or a bundle ([?verify_jwt=false]).
func (fr *fileRuntime) deploy(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	if !isFunctionFolder(name) {
		writeGateway(w, http.StatusBadRequest, "INVALID_NAME", "invalid function name")
		return
	}
	if _, builtin := fr.builtins[name]; builtin {
		writeGateway(w, http.StatusConflict, "BUILTIN", name+" is a built-in function")
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
		fr.deploySources(w, r, name)
		return
	}
	bundle, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBundleBytes))
	if err != nil || len(bundle) == 0 {
		writeGateway(w, http.StatusBadRequest, "INVALID_BUNDLE", "the body must be the bundled module (at most 20 MiB)")
		return
	}
	fr.storeBundle(w, r, name, bundle, r.URL.Query().Get("verify_jwt") != "false")
}

// storeBundle stores a new version of name and makes it the active one.
func (fr *fileRuntime) storeBundle(w http.ResponseWriter, r *http.Request, name string, bundle []byte, verify bool) {
	var v int
	err := pgrole.Do(r.Context(), fr.opts.Pool, service, func(c pgrole.Conn) error {
		return c.QueryRow(r.Context(), `select supabase_functions.deploy_function($1, $2, $3)`, name, bundle, verify).Scan(&v)
	})
	fr.deployAnswer(w, r, name, v, err)
}

// deployAnswer answers a deployment or a rollback. Once stored, the version is
// served by this replica before the answer leaves, so a call right after `server
// functions deploy` reaches it; the other replicas follow by notification.
func (fr *fileRuntime) deployAnswer(w http.ResponseWriter, r *http.Request, name string, version int, err error) {
	if err == nil {
		if syncErr := fr.syncDeployed(r.Context()); syncErr != nil {
			fr.logger.Warn("functions: deployed, not yet served here (the notification will bring it)", "function", name, "err", syncErr)
		}
	}
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "P0002":
		writeGateway(w, http.StatusNotFound, "NOT_FOUND", pgErr.Message)
	case err != nil:
		fr.logger.Error("functions: deploy", "function", name, "err", err)
		writeGateway(w, http.StatusInternalServerError, "DEPLOY_FAILED", "the deployment could not be stored")
	default:
		fr.logger.Info("function deployed", "function", name, "version", version)
		_ = httpx.WriteJSON(w, http.StatusOK, map[string]any{"name": name, "version": version})
	}
}

// DeployedVersion is one line of `server functions list`.
type DeployedVersion struct {
	Name      string `json:"name"`
	Version   int    `json:"version"`
	Active    bool   `json:"active"`
	VerifyJWT bool   `json:"verify_jwt"`
	Bytes     int    `json:"bytes"`
	CreatedAt string `json:"created_at"`
}

func (fr *fileRuntime) listDeployed(w http.ResponseWriter, r *http.Request) {
	out := []DeployedVersion{}
	err := pgrole.Do(r.Context(), fr.opts.Pool, service, func(c pgrole.Conn) error {
		rs, err := c.Query(r.Context(), `select v.name, v.version, a.version is not null, v.verify_jwt, octet_length(v.bundle),
			to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
			from supabase_functions.function_versions v left join supabase_functions.function_active a using (name, version)
			order by v.name, v.version`)
		if err != nil {
			return err
		}
		return pgrole.ScanRows(rs, func(r pgx.Rows) error {
			for r.Next() {
				var d DeployedVersion
				if err := r.Scan(&d.Name, &d.Version, &d.Active, &d.VerifyJWT, &d.Bytes, &d.CreatedAt); err != nil {
					return err
				}
				out = append(out, d)
			}
			return nil
		})
	})
	if err != nil {
		fr.logger.Error("functions: list deployed", "err", err)
		writeGateway(w, http.StatusInternalServerError, "LIST_FAILED", "the deployments could not be read")
		return
	}
	_ = httpx.WriteJSON(w, http.StatusOK, out)
}
