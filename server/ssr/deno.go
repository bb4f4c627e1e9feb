package ssr

import (
	"bufio"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/microcosm-cc/bluemonday"
)

// A burst can run in Deno (V8) instead of goja: the same bundle, the same
// stand-ins (deno_runner.js), ten times faster — the Intl polyfills' formatters
// that take goja seconds to build take V8 milliseconds — for a similar peak of
// memory, which leaves with the process (docs/performance.md has the numbers).
// Deno is already what runs the project's edge functions.

//go:embed deno_runner.js
var denoRunner []byte

// denoV8Flags keep V8's young generation small: it is most of the peak of a
// burst otherwise (190 MB → 140 MB measured for the site's bundle), for no
// measurable loss of speed.
const denoV8Flags = "--max-semi-space-size=1,--max-old-space-size=384"

// Deno is a Deno process rendering with the site's bundle.
type Deno struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	scratch string // a directory of its own when there is no cache, removed on Close
	log     *slog.Logger
	policy  *bluemonday.Policy
	timeout time.Duration
	dead    error
	once    sync.Once
}

// denoMessage is one line from the runner.
type denoMessage struct {
	OK       bool     `json:"ok"`
	Out      *Output  `json:"out"`
	Error    *string  `json:"error"`
	Sanitize *string  `json:"sanitize"`
	Log      []string `json:"log"`
}

// StartDeno runs deno (its path) on the runner with the bundle; it returns once
// the bundle is loaded and warmed. cache is a directory of the server's own
// (DATA_DIR) where the bundle, the runner and Deno's cache are kept between
// bursts, so that V8 reuses the bundle's compiled code (a faster start, and 110
// rather than 145 MB at the peak); "" keeps nothing.
func StartDeno(ctx context.Context, deno, cache string, bundle []byte, log *slog.Logger) (*Deno, error) {
	d := &Deno{log: log, policy: sanitizer(), timeout: 5 * time.Second}
	if cache == "" {
		var err error
		if cache, err = os.MkdirTemp("", "casarent-render-"); err != nil {
			return nil, err
		}
		d.scratch = cache
	}
	runner, module, err := placeFiles(cache, bundle)
	if err != nil {
		d.removeScratch()
		return nil, err
	}
	cmd := exec.CommandContext(ctx, deno, "run", "--quiet", "--no-prompt", "--no-config", "--no-lock", "--no-npm", "--no-remote",
		"--allow-read="+module, "--v8-flags="+denoV8Flags, runner, "file://"+module)
	// Nothing of the server's environment is passed.
	cmd.Env = []string{"DENO_DIR=" + filepath.Join(cache, "deno"), "NO_COLOR=1", "DENO_NO_UPDATE_CHECK=1", "HOME=" + cache}
	cmd.Stderr = os.Stderr
	d.cmd = cmd
	if d.in, err = cmd.StdinPipe(); err != nil {
		d.removeScratch()
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		d.removeScratch()
		return nil, err
	}
	d.out = bufio.NewReaderSize(out, 1<<16)
	if err := cmd.Start(); err != nil {
		d.removeScratch()
		return nil, fmt.Errorf("ssr: start %s: %w", deno, err)
	}
	// Compiling and warming the site's bundle takes about a second in V8.
	if _, err := d.exchange(nil, 60*time.Second); err != nil {
		_ = d.Close()
		return nil, err
	}
	return d, nil
}

// placeFiles writes the runner and the bundle (as a module exporting its
// CasaRentSSR) into dir under names made of their content, once, and removes the
// bundles of other builds.
func placeFiles(dir string, bundle []byte) (runner, module string, err error) {
	// Absolute, so that the paths Glob returns compare with the one just written.
	if dir, err = filepath.Abs(dir); err != nil {
		return "", "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", "", err
	}
	if runner, err = placeFile(dir, "runner-", ".js", denoRunner); err != nil {
		return "", "", err
	}
	src := append(append([]byte{}, bundle...), "\nexport default CasaRentSSR;\n"...)
	if module, err = placeFile(dir, "bundle-", ".mjs", src); err != nil {
		return "", "", err
	}
	old, _ := filepath.Glob(filepath.Join(dir, "bundle-*.mjs"))
	for _, f := range old {
		if f != module {
			_ = os.Remove(f)
		}
	}
	return runner, module, nil
}

func placeFile(dir, prefix, ext string, content []byte) (string, error) {
	sum := sha256.Sum256(content)
	path, err := filepath.Abs(filepath.Join(dir, prefix+hex.EncodeToString(sum[:8])+ext))
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	// Written aside and renamed: another server sharing the directory never reads half a file.
	tmp, err := os.CreateTemp(dir, prefix+"*.tmp")
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(content)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	return path, nil
}

func (d *Deno) removeScratch() {
	if d.scratch != "" {
		_ = os.RemoveAll(d.scratch)
	}
}

// SetTimeout bounds each render (5 s by default); a render that runs longer
// ends the process.
func (d *Deno) SetTimeout(t time.Duration) { d.timeout = t }

// Render renders one page in the child.
func (d *Deno) Render(in Input) (Output, error) {
	if d.dead != nil {
		return Output{}, d.dead
	}
	line, err := json.Marshal(in)
	if err != nil {
		return Output{}, err
	}
	m, err := d.exchange(line, d.timeout)
	if err != nil {
		if d.dead != nil {
			return Output{}, fmt.Errorf("ssr: render %s: %w", in.URL, err)
		}
		return Output{}, err
	}
	if m.Out == nil {
		return Output{}, fmt.Errorf("ssr: render %s: no output", in.URL)
	}
	return *m.Out, nil
}

// exchange sends one line (nil: none) and answers the runner's requests until its
// reply (ok or out); past timeout, the process is ended.
func (d *Deno) exchange(line []byte, timeout time.Duration) (denoMessage, error) {
	var timedOut atomic.Bool
	timer := time.AfterFunc(timeout, func() {
		timedOut.Store(true)
		_ = d.cmd.Process.Kill()
	})
	defer timer.Stop()
	if line != nil {
		if err := d.send(line); err != nil {
			return denoMessage{}, d.stopped(err, timedOut.Load())
		}
	}
	for {
		raw, err := d.out.ReadBytes('\n')
		if err != nil {
			return denoMessage{}, d.stopped(err, timedOut.Load())
		}
		var m denoMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			d.dead = fmt.Errorf("ssr: the render process wrote %.80q: %w", raw, err)
			_ = d.cmd.Process.Kill()
			return m, d.dead
		}
		switch {
		case m.Sanitize != nil:
			answer, _ := json.Marshal(map[string]string{"html": d.policy.Sanitize(*m.Sanitize)})
			if err := d.send(answer); err != nil {
				return m, d.stopped(err, timedOut.Load())
			}
		case m.Log != nil:
			if len(m.Log) == 2 {
				logBundle(d.log, m.Log[0], m.Log[1])
			}
		case m.Error != nil:
			return m, errors.New(*m.Error)
		default:
			return m, nil
		}
	}
}

func (d *Deno) send(line []byte) error {
	_, err := d.in.Write(append(line, '\n'))
	return err
}

// stopped marks the process dead: it ended, or was ended for taking too long.
func (d *Deno) stopped(err error, timedOut bool) error {
	if timedOut {
		d.dead = errors.New("ssr: timed out")
	} else {
		d.dead = fmt.Errorf("ssr: the render process stopped: %w", err)
	}
	return d.dead
}

// Broken says why the process renders no more.
func (d *Deno) Broken() error { return d.dead }

// Close ends the process, waits for it and removes its scratch directory.
func (d *Deno) Close() error {
	var err error
	d.once.Do(func() {
		_ = d.in.Close() // the runner's input ends: it exits
		err = d.cmd.Wait()
		if d.dead != nil {
			err = nil // it was ended on purpose
		}
		d.removeScratch()
	})
	return err
}
