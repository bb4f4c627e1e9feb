package ssr

import (
	"bufio"
	"context"
	_ "embed"
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
	dir     string // the runner and Deno's cache, removed on Close
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

// StartDeno runs deno (its path) on the runner and hands it the bundle; it
// returns once the bundle is loaded and warmed.
func StartDeno(ctx context.Context, deno string, bundle []byte, log *slog.Logger) (*Deno, error) {
	dir, err := os.MkdirTemp("", "casarent-render-")
	if err != nil {
		return nil, err
	}
	runner := filepath.Join(dir, "runner.js")
	if err := os.WriteFile(runner, denoRunner, 0o600); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	cmd := exec.CommandContext(ctx, deno, "run", "--quiet", "--no-prompt", "--no-config", "--no-lock", "--no-npm", "--no-remote",
		"--v8-flags="+denoV8Flags, runner)
	// No permission is granted, and nothing of the server's environment is passed.
	cmd.Env = []string{"DENO_DIR=" + filepath.Join(dir, "cache"), "NO_COLOR=1", "DENO_NO_UPDATE_CHECK=1", "HOME=" + dir}
	cmd.Stderr = os.Stderr
	d := &Deno{cmd: cmd, dir: dir, log: log, policy: sanitizer(), timeout: 5 * time.Second}
	if d.in, err = cmd.StdinPipe(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	d.out = bufio.NewReaderSize(out, 1<<16)
	if err := cmd.Start(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("ssr: start %s: %w", deno, err)
	}
	src, _ := json.Marshal(string(bundle))
	// Compiling and warming the site's bundle takes about a second in V8.
	if _, err := d.exchange(src, 60*time.Second); err != nil {
		_ = d.Close()
		return nil, err
	}
	return d, nil
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

// exchange sends one line and answers the runner's requests until its reply
// (ok or out); past timeout, the process is ended.
func (d *Deno) exchange(line []byte, timeout time.Duration) (denoMessage, error) {
	var timedOut atomic.Bool
	timer := time.AfterFunc(timeout, func() {
		timedOut.Store(true)
		_ = d.cmd.Process.Kill()
	})
	defer timer.Stop()
	if err := d.send(line); err != nil {
		return denoMessage{}, d.stopped(err, timedOut.Load())
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
			d.logLine(m.Log)
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

func (d *Deno) logLine(l []string) {
	if d.log == nil || len(l) != 2 {
		return
	}
	switch l[0] {
	case "error":
		d.log.Error("ssr: " + l[1])
	case "warn":
		d.log.Warn("ssr: " + l[1])
	default:
		d.log.Debug("ssr: " + l[1])
	}
}

// Broken says why the process renders no more.
func (d *Deno) Broken() error { return d.dead }

// Close ends the process, waits for it and removes its files.
func (d *Deno) Close() error {
	var err error
	d.once.Do(func() {
		_ = d.in.Close() // the runner's input ends: it exits
		err = d.cmd.Wait()
		if d.dead != nil {
			err = nil // it was ended on purpose
		}
		_ = os.RemoveAll(d.dir)
	})
	return err
}
