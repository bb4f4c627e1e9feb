// Package mailtest is an in-process SMTP server for tests (built on
// emersion/go-smtp): it accepts every message, decodes it (MIME multipart,
// quoted-printable, base64) and keeps it in memory for assertions. The command
// in cmd/smtp-sink runs the same sink for the Node suites, with the messages
// readable as JSON over HTTP.
package mailtest

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is one received email.
type Message struct {
	From     string            `json:"from"`
	To       []string          `json:"to"`
	Subject  string            `json:"subject"`
	Text     string            `json:"text"`
	HTML     string            `json:"html"`
	Headers  map[string]string `json:"headers"`
	Received time.Time         `json:"received"`
	Raw      string            `json:"raw"`
}

// Sink is a running SMTP server.
type Sink struct {
	Addr string // host:port it listens on
	srv  *smtp.Server
	ln   net.Listener

	mu     sync.Mutex
	msgs   []Message
	notify chan struct{}
}

// Start listens on addr ("127.0.0.1:0" for any free port) and serves until Close.
func Start(addr string) (*Sink, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Sink{Addr: ln.Addr().String(), ln: ln, notify: make(chan struct{})}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.MaxMessageBytes = 10 << 20
	srv.ReadTimeout = time.Minute
	srv.WriteTimeout = time.Minute
	s.srv = srv
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	return s, nil
}

// New starts a sink on a free loopback port for t, closed when t ends.
func New(t testing.TB) *Sink {
	t.Helper()
	s, err := Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Host and Port split Addr.
func (s *Sink) Host() string { h, _, _ := net.SplitHostPort(s.Addr); return h }

// Port is the port Addr listens on.
func (s *Sink) Port() int {
	_, p, _ := net.SplitHostPort(s.Addr)
	var n int
	fmt.Sscanf(p, "%d", &n)
	return n
}

// Close stops the server.
func (s *Sink) Close() error { return s.srv.Close() }

// Messages returns a copy of everything received, oldest first.
func (s *Sink) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// To returns the messages addressed to rcpt (case-insensitive), oldest first.
func (s *Sink) To(rcpt string) []Message {
	var out []Message
	for _, m := range s.Messages() {
		for _, t := range m.To {
			if strings.EqualFold(t, rcpt) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// Reset forgets every message.
func (s *Sink) Reset() {
	s.mu.Lock()
	s.msgs = nil
	s.mu.Unlock()
}

// Wait returns once rcpt has received at least n messages, or fails at the deadline.
func (s *Sink) Wait(ctx context.Context, rcpt string, n int) ([]Message, error) {
	for {
		s.mu.Lock()
		ch := s.notify
		s.mu.Unlock()
		if got := s.To(rcpt); len(got) >= n {
			return got, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return s.To(rcpt), fmt.Errorf("mailtest: %d message(s) for %s, want %d: %w", len(s.To(rcpt)), rcpt, n, ctx.Err())
		}
	}
}

// Received waits up to 10 s for rcpt to have received at least n messages and
// returns them; a test that sees fewer fails.
func (s *Sink) Received(t testing.TB, rcpt string, n int) []Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	msgs, err := s.Wait(ctx, rcpt, n)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func (s *Sink) add(m Message) {
	s.mu.Lock()
	s.msgs = append(s.msgs, m)
	close(s.notify)
	s.notify = make(chan struct{})
	s.mu.Unlock()
}

type backend struct{ s *Sink }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{sink: b.s}, nil }

type session struct {
	sink *Sink
	from string
	to   []string
}

func (x *session) AuthMechanisms() []string { return []string{"PLAIN"} }

func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(string, string, string) error { return nil }), nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }

func (x *session) Mail(from string, _ *smtp.MailOptions) error { x.from = from; return nil }

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := Parse(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, Message: "unparsable message: " + err.Error()}
	}
	m.From, m.To, m.Received = x.from, append([]string(nil), x.to...), time.Now()
	x.sink.add(m)
	return nil
}

// Parse decodes a raw RFC 5322 message: headers, and the text/plain and text/html
// parts of a (possibly nested) multipart body.
func Parse(raw []byte) (Message, error) {
	pm, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Message{}, err
	}
	dec := new(mime.WordDecoder)
	m := Message{Headers: map[string]string{}, Raw: string(raw)}
	for k, v := range pm.Header {
		if s, err := dec.DecodeHeader(strings.Join(v, ", ")); err == nil {
			m.Headers[k] = s
		} else {
			m.Headers[k] = strings.Join(v, ", ")
		}
	}
	m.Subject = m.Headers["Subject"]
	err = walk(pm.Header.Get("Content-Type"), pm.Header.Get("Content-Transfer-Encoding"), pm.Body, &m)
	return m, err
}

func walk(ctype, cte string, body io.Reader, m *Message) error {
	if ctype == "" {
		ctype = "text/plain"
	}
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return err
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, m); err != nil {
				return err
			}
		}
	}
	var r io.Reader = body
	switch strings.ToLower(cte) {
	case "quoted-printable":
		r = quotedprintable.NewReader(body)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, &stripNewlines{r: body})
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	switch mt {
	case "text/plain":
		m.Text += string(b)
	case "text/html":
		m.HTML += string(b)
	}
	return nil
}

// stripNewlines drops CR and LF so base64 lines decode as one stream.
type stripNewlines struct{ r io.Reader }

func (s *stripNewlines) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	j := 0
	for _, c := range p[:n] {
		if c != '\r' && c != '\n' {
			p[j] = c
			j++
		}
	}
	return j, err
}
