package functions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// A deployment may send the function's sources instead of a bundle
// (DeployClient.DeploySources): the server bundles them with its own Deno, so the
// deploying machine needs none.

const (
	maxUploadFiles = 2000
	bundleTimeout  = 3 * time.Minute
)

// bundleSlots bounds the bundlers running at once (each is a Deno process that
// may fetch and compile a whole dependency tree).
var bundleSlots = make(chan struct{}, 2)

// errUpload is a request the server refuses (400, its message).
type errUpload struct{ msg string }

func (e errUpload) Error() string { return e.msg }

func uploadErr(format string, a ...any) error { return errUpload{fmt.Sprintf(format, a...)} }

// deploySources bundles an upload of sources and stores the bundle.
func (fr *fileRuntime) deploySources(w http.ResponseWriter, r *http.Request, name string) {
	if fr.opts.DenoPath == "" {
		writeGateway(w, http.StatusServiceUnavailable, "FUNCTION_RUNTIME_MISSING",
			"the server has no Deno to bundle with (source scripts/lib.sh && ensure_deno, or DENO_PATH)")
		return
	}
	tmp, err := os.MkdirTemp("", "functions-deploy")
	if err != nil {
		fr.logger.Error("functions: deploy", "function", name, "err", err)
		writeGateway(w, http.StatusInternalServerError, "DEPLOY_FAILED", "no temporary folder to bundle in")
		return
	}
	defer os.RemoveAll(tmp)
	// Deno names modules by their real path (the system's temporary folder may be a link).
	if real, err := filepath.EvalSymlinks(tmp); err == nil {
		tmp = real
	}
	root := filepath.Join(tmp, "functions")
	meta, err := readUpload(http.MaxBytesReader(w, r.Body, maxBundleBytes), r.Header.Get("Content-Type"), root)
	if err == nil && meta.Name != "" && meta.Name != name {
		err = uploadErr("metadata names %q, the path %q", meta.Name, name)
	}
	var code []byte
	if err == nil {
		code, err = fr.bundleUpload(r.Context(), root, name, meta, filepath.Join(tmp, "bundle.js"))
	}
	var bad errUpload
	switch {
	case errors.As(err, &bad):
		writeGateway(w, http.StatusBadRequest, "INVALID_UPLOAD", bad.msg)
	case err != nil:
		// The bundler's message, with the temporary folder's path taken out.
		msg := strings.ReplaceAll(err.Error(), "file://"+root+"/", "")
		writeGateway(w, http.StatusBadRequest, "BUNDLE_FAILED", strings.ReplaceAll(msg, root+"/", ""))
	case len(code) > maxBundleBytes:
		writeGateway(w, http.StatusBadRequest, "INVALID_BUNDLE", "the bundle is over 20 MiB")
	default:
		verify := meta.VerifyJWT == nil || *meta.VerifyJWT
		fr.storeBundle(w, r, name, code, verify)
	}
}

// readUpload writes the "file" parts under root and returns the metadata. The
// paths must be relative and stay inside root; files are created anew in a folder
// only the server writes, so no link can lead a write elsewhere.
func readUpload(body io.Reader, contentType, root string) (DeployMetadata, error) {
	var meta DeployMetadata
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return meta, uploadErr("the body must be multipart/form-data")
	}
	mr := multipart.NewReader(body, params["boundary"])
	files := 0
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return meta, uploadErr("reading the upload (at most 20 MiB): %v", err)
		}
		_, disp, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		switch disp["name"] {
		case "metadata":
			if err := json.NewDecoder(io.LimitReader(p, 1<<16)).Decode(&meta); err != nil {
				return meta, uploadErr("metadata: %v", err)
			}
		case "file":
			if files++; files > maxUploadFiles {
				return meta, uploadErr("more than %d files", maxUploadFiles)
			}
			if err := writeUploaded(root, disp["filename"], p); err != nil {
				return meta, err
			}
		}
	}
	if files == 0 {
		return meta, uploadErr("no file part")
	}
	return meta, nil
}

// uploadPath checks a path of the upload: slash-separated, relative, no "." or
// ".." element, nothing that names a folder above.
func uploadPath(p string) (string, error) {
	if p == "" || strings.Contains(p, "\\") || strings.ContainsRune(p, 0) || path.IsAbs(p) {
		return "", uploadErr("invalid path %q", p)
	}
	for _, el := range strings.Split(p, "/") {
		if el == "" || el == "." || el == ".." {
			return "", uploadErr("invalid path %q: it must stay inside the functions folder", p)
		}
	}
	return filepath.FromSlash(p), nil
}

func writeUploaded(root, name string, r io.Reader) error {
	rel, err := uploadPath(name)
	if err != nil {
		return err
	}
	dst := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return uploadErr("%s: %v", name, err)
	}
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return uploadErr("%s: sent twice, or a folder too", name)
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return uploadErr("reading the upload (at most 20 MiB): %v", err)
	}
	return nil
}

// bundleUpload resolves the function as a folder of FUNCTIONS_DIR would be (its
// entry, deno.json, import map), checks that its module graph reads no local file
// outside the upload, and bundles it.
func (fr *fileRuntime) bundleUpload(ctx context.Context, root, name string, meta DeployMetadata, out string) ([]byte, error) {
	c := &functionConfig{}
	for _, p := range []*string{&meta.EntrypointPath, &meta.ImportMapPath} {
		if *p == "" {
			continue
		}
		rel, err := uploadPath(*p)
		if err != nil {
			return nil, err
		}
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			return nil, uploadErr("%s is not among the files sent", *p)
		}
		*p = rel
	}
	c.Entrypoint, c.ImportMap = meta.EntrypointPath, meta.ImportMapPath
	fn := newFileFunction(filepath.Join(root, name), c, root)
	if !dirExists(fn.Dir) {
		fn.Dir = root
	}
	if fn.Entry == "" {
		return nil, uploadErr("no entrypoint: send %s/index.ts or name entrypoint_path", name)
	}
	select {
	case bundleSlots <- struct{}{}:
		defer func() { <-bundleSlots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	ctx, cancel := context.WithTimeout(ctx, bundleTimeout)
	defer cancel()
	env := denoEnv(fr.opts.DenoDir)
	if err := checkGraph(ctx, fr.opts.DenoPath, env, fn, root); err != nil {
		return nil, timeoutErr(ctx, err)
	}
	code, err := bundleOne(ctx, fr.opts.DenoPath, env, fn, out)
	return code, timeoutErr(ctx, err)
}

func timeoutErr(ctx context.Context, err error) error {
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("bundling took over %v: %w", bundleTimeout, err)
	}
	return err
}

// checkGraph refuses a module graph with a local module outside root: the
// bundler reads any file the server can ("/etc/x.json" would be inlined), where
// the function itself may read only its folder.
func checkGraph(ctx context.Context, denoPath string, env []string, fn *fileFunction, root string) error {
	args := append([]string{"info", "--json", "--no-lock"}, fn.resolutionArgs()...)
	cmd := exec.CommandContext(ctx, denoPath, append(args, fn.Entry)...)
	cmd.Dir, cmd.Env, cmd.WaitDelay = fn.Dir, env, 5*time.Second
	var stderr strings.Builder
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%v\n%s", err, stderr.String())
	}
	var graph struct {
		Modules []struct {
			Specifier string `json:"specifier"`
			Error     string `json:"error"`
		} `json:"modules"`
	}
	if err := json.Unmarshal(raw, &graph); err != nil {
		return fmt.Errorf("deno info: %v", err)
	}
	for _, m := range graph.Modules {
		if m.Error != "" {
			return errors.New(m.Error)
		}
		u, err := url.Parse(m.Specifier)
		if err != nil || u.Scheme != "file" {
			continue
		}
		if rel, err := filepath.Rel(root, filepath.FromSlash(u.Path)); err != nil || !filepath.IsLocal(rel) {
			return uploadErr("%s imports %s, outside the files sent", fn.Name, u.Path)
		}
	}
	return nil
}
