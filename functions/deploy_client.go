package functions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// Bundle is one function ready to deploy: its module with every dependency inlined.
type Bundle struct {
	Name      string
	VerifyJWT bool
	Code      []byte
}

// BundleFunctions bundles the functions of dir (all of them when names is empty)
// with `deno bundle`, honouring config.toml (configPath) and each folder's deno.json
// or import map. denoDir is Deno's cache for the npm: and https: imports.
func BundleFunctions(ctx context.Context, denoPath, denoDir, dir, configPath string, names []string) ([]Bundle, error) {
	fns, err := pickFunctions(dir, configPath, names)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "functions-bundle")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var out []Bundle
	for _, fn := range fns {
		name := fn.Name
		env := append(os.Environ(), "DENO_DIR="+denoDir, "NO_COLOR=1")
		if os.Getenv("DENO_TLS_CA_STORE") == "" {
			env = append(env, "DENO_TLS_CA_STORE=system,mozilla")
		}
		code, err := bundleOne(ctx, denoPath, env, fn, filepath.Join(tmp, name+".js"))
		if err != nil {
			return nil, fmt.Errorf("bundling %s: %w", name, err)
		}
		out = append(out, Bundle{Name: name, VerifyJWT: fn.VerifyJWT, Code: code})
	}
	return out, nil
}

// bundleOne bundles fn into out with `deno bundle` and returns the code; the
// error carries Deno's message.
func bundleOne(ctx context.Context, denoPath string, env []string, fn *fileFunction, out string) ([]byte, error) {
	args := []string{"bundle", "--quiet", "--no-lock", "--platform", "deno", "-o", out}
	args = append(args, fn.resolutionArgs()...)
	cmd := exec.CommandContext(ctx, denoPath, append(args, fn.Entry)...)
	cmd.Dir = fn.Dir
	cmd.Env = env
	cmd.WaitDelay = 5 * time.Second // a child left holding the output must not outlive the deadline
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, msg)
	}
	return os.ReadFile(out)
}

// DeployClient talks to a server's deploy API with the service role key.
type DeployClient struct {
	URL        string // the server, e.g. http://127.0.0.1:54321
	ServiceKey string
	HTTP       *http.Client
}

// Deploy uploads b; the answer is the new version.
func (c DeployClient) Deploy(ctx context.Context, b Bundle) (int, error) {
	q := url.Values{}
	if !b.VerifyJWT {
		q.Set("verify_jwt", "false")
	}
	var res struct{ Version int }
	err := c.do(ctx, http.MethodPost, "/"+url.PathEscape(b.Name)+"?"+q.Encode(), b.Code, &res)
	return res.Version, err
}

// Rollback makes the version before the active one of name active again.
func (c DeployClient) Rollback(ctx context.Context, name string) (int, error) {
	var res struct{ Version int }
	err := c.do(ctx, http.MethodPost, "/"+url.PathEscape(name)+"/rollback", nil, &res)
	return res.Version, err
}

// List returns every deployed version.
func (c DeployClient) List(ctx context.Context) ([]DeployedVersion, error) {
	var out []DeployedVersion
	err := c.do(ctx, http.MethodGet, "", nil, &out)
	return out, err
}

func (c DeployClient) do(ctx context.Context, method, path string, body []byte, out any) error {
	return c.call(ctx, method, "/functions/v1/"+deployPath+path, body, out)
}

func (c DeployClient) call(ctx context.Context, method, path string, body []byte, out any) error {
	return c.send(ctx, method, path, "application/javascript", body, out)
}

func (c DeployClient) send(ctx context.Context, method, path, contentType string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, c.URL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.ServiceKey)
	req.Header.Set("apikey", c.ServiceKey)
	req.Header.Set("Content-Type", contentType)
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %d %s", method, req.URL.Path, res.StatusCode, bytes.TrimSpace(raw))
	}
	return json.Unmarshal(raw, out)
}
