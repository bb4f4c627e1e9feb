// Package childproc runs the server's child processes (the functions' Deno
// workers, postgres-meta): their stdout and stderr read line by line as they
// write them, so a process never blocks on a full pipe; the last lines of stderr
// kept to say why one died; and a done channel closed once it has exited and
// both pipes are drained.
package childproc

import (
	"bufio"
	"io"
	"os/exec"
	"strings"
	"sync"
)

// Options say what to do with a process's output and its end.
type Options struct {
	TailLines int               // stderr lines kept (Process.StderrTail)
	Stdout    func(line string) // each line of stdout
	Stderr    func(line string) // each line of stderr, as it is kept
	Exited    func()            // after the process is gone, before Done is closed
}

// Process is a started child.
type Process struct {
	cmd    *exec.Cmd
	stderr *Tail
	done   chan struct{}
}

// Start starts cmd with its stdout and stderr read as o says.
func Start(cmd *exec.Cmd, o Options) (*Process, error) {
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &Process{cmd: cmd, stderr: NewTail(o.TailLines), done: make(chan struct{})}
	var pipes sync.WaitGroup
	pipes.Go(func() { readLines(stdout, o.Stdout) })
	pipes.Go(func() { p.stderr.Read(stderr, o.Stderr) })
	go func() {
		pipes.Wait()
		_ = cmd.Wait()
		if o.Exited != nil {
			o.Exited()
		}
		close(p.done)
	}()
	return p, nil
}

// Done is closed once the process has exited.
func (p *Process) Done() <-chan struct{} { return p.done }

// Exited says whether the process has exited.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Kill stops the process at once; Done tells when it is gone.
func (p *Process) Kill() { _ = p.cmd.Process.Kill() }

// Pid is the process's id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// StderrTail is the last lines it wrote to stderr.
func (p *Process) StderrTail() string { return p.stderr.String() }

// Tail holds up to max lines, the newest last.
type Tail struct {
	max   int
	mu    sync.Mutex
	lines []string
}

// NewTail returns a tail of max lines.
func NewTail(max int) *Tail { return &Tail{max: max} }

// Read keeps and passes to log (when not nil) each line of r until r ends.
func (t *Tail) Read(r io.Reader, log func(line string)) {
	readLines(r, func(line string) {
		t.mu.Lock()
		t.lines = append(t.lines, line)
		if len(t.lines) > t.max {
			t.lines = t.lines[len(t.lines)-t.max:]
		}
		t.mu.Unlock()
		if log != nil {
			log(line)
		}
	})
}

// String is the kept lines, one per line.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, "\n")
}

// readLines passes each line of r to each (when not nil) until r ends; the rest of
// a line longer than 1 MiB is skipped, and r is drained so the process never
// blocks on it.
func readLines(r io.Reader, each func(line string)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if each != nil {
			each(sc.Text())
		}
	}
	_, _ = io.Copy(io.Discard, r)
}
