package ssr

import (
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"runtime/debug"
)

// A burst of renders can run in a child process (the server binary's
// `render-pages` command) instead of the server itself: the VM's tens of
// megabytes then leave with the process, and the server's memory never holds
// them (docs/performance.md compares the two).
//
// The protocol is a gob stream each way. The server sends the bundle, then one
// Input per page; the child answers the bundle with "" (opened) or why it did not
// open, then one reply per Input, in order.

// Engine renders pages one at a time: a VM in the server, or a child process.
type Engine interface {
	Render(Input) (Output, error)
	// Broken says why the engine renders no more (nil: it does).
	Broken() error
	Close() error
}

// Close does nothing: a VM is dropped with its last reference.
func (v *VM) Close() error { return nil }

type reply struct {
	Out Output
	Err string
}

// Process is a child process rendering with its own VM.
type Process struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	enc  *gob.Encoder
	dec  *gob.Decoder
	dead error
}

// StartProcess runs exe with args (the child calls ServeChild) and hands it the
// bundle; it returns once the child has opened it.
func StartProcess(ctx context.Context, exe string, args []string, bundle []byte) (*Process, error) {
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("ssr: start %s: %w", exe, err)
	}
	p := &Process{cmd: cmd, in: in, enc: gob.NewEncoder(in), dec: gob.NewDecoder(out)}
	var opened string
	if err := p.enc.Encode(bundle); err == nil {
		err = p.dec.Decode(&opened)
		if err != nil {
			opened = "ssr: the render process stopped: " + err.Error()
		}
	} else {
		opened = "ssr: the render process stopped: " + err.Error()
	}
	if opened != "" {
		_ = p.Close()
		return nil, errors.New(opened)
	}
	return p, nil
}

// Render renders one page in the child.
func (p *Process) Render(in Input) (Output, error) {
	if p.dead != nil {
		return Output{}, p.dead
	}
	var r reply
	if err := p.enc.Encode(in); err != nil {
		p.dead = fmt.Errorf("ssr: the render process stopped: %w", err)
		return Output{}, p.dead
	}
	if err := p.dec.Decode(&r); err != nil {
		p.dead = fmt.Errorf("ssr: the render process stopped: %w", err)
		return Output{}, p.dead
	}
	if r.Err != "" {
		return Output{}, errors.New(r.Err)
	}
	return r.Out, nil
}

// Broken says why the child renders no more: it stopped.
func (p *Process) Broken() error { return p.dead }

// Close ends the child and waits for it.
func (p *Process) Close() error {
	_ = p.in.Close() // the child's input ends: it exits
	return p.cmd.Wait()
}

// ServeChild is the child's side: it reads the bundle and the pages from r and
// writes the renders to w until r ends.
func ServeChild(r io.Reader, w io.Writer, log *slog.Logger) error {
	// The child only renders: collect garbage more often than the default, as the
	// VM's own heap is most of what it holds (a lower peak for a little CPU).
	debug.SetGCPercent(50)
	dec, enc := gob.NewDecoder(r), gob.NewEncoder(w)
	var bundle []byte
	if err := dec.Decode(&bundle); err != nil {
		return err
	}
	open := func() (*VM, error) { return Open(bundle, "ssr/render.js", log) }
	vm, err := open()
	if err != nil {
		_ = enc.Encode(err.Error())
		return err
	}
	if err := enc.Encode(""); err != nil {
		return err
	}
	for {
		var in Input
		if err := dec.Decode(&in); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if vm.Broken() != nil { // a runaway render: a fresh VM for the next page
			if vm, err = open(); err != nil {
				return err
			}
		}
		var rep reply
		rep.Out, err = vm.Render(in)
		if err != nil {
			rep.Err = err.Error()
		}
		if err := enc.Encode(rep); err != nil {
			return err
		}
	}
}
