package mail

import (
	"context"
	"fmt"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTPConfig is a relay's address and credentials (SMTP_* settings).
type SMTPConfig struct {
	Host       string
	Port       int
	User       string
	Pass       string
	From       string // SMTP_ADMIN_EMAIL
	SenderName string // SMTP_SENDER_NAME
	// TLS: "opportunistic" (default: STARTTLS when offered), "mandatory", "none",
	// or "implicit" (SMTPS, usually port 465). Port 465 implies implicit.
	TLS     string
	Timeout time.Duration
}

// SMTPSender delivers through a relay with go-mail. It dials per message: the
// volume of a web site's transactional mail does not justify a pooled connection,
// and a fresh dial never reuses a connection the relay has already dropped.
type SMTPSender struct{ cfg SMTPConfig }

// NewSMTP returns a sender for cfg.
func NewSMTP(cfg SMTPConfig) *SMTPSender {
	if cfg.Port == 0 {
		cfg.Port = 587
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 15 * time.Second
	}
	return &SMTPSender{cfg: cfg}
}

// Configured is true: messages leave the machine.
func (s *SMTPSender) Configured() bool { return true }

// Send delivers m.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	var err error
	if s.cfg.SenderName != "" {
		err = msg.FromFormat(s.cfg.SenderName, s.cfg.From)
	} else {
		err = msg.From(s.cfg.From)
	}
	if err != nil {
		return fmt.Errorf("mail: from %q: %w", s.cfg.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("mail: to %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	for k, v := range m.Headers {
		msg.SetGenHeader(gomail.Header(k), v)
	}
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.HTML != "":
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	default:
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	}

	opts := []gomail.Option{gomail.WithPort(s.cfg.Port), gomail.WithTimeout(s.cfg.Timeout)}
	switch {
	case s.cfg.TLS == "implicit" || (s.cfg.TLS == "" && s.cfg.Port == 465):
		opts = append(opts, gomail.WithSSL())
	case s.cfg.TLS == "mandatory":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case s.cfg.TLS == "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.cfg.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.cfg.User), gomail.WithPassword(s.cfg.Pass))
	}
	c, err := gomail.NewClient(s.cfg.Host, opts...)
	if err != nil {
		return fmt.Errorf("mail: client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send to %s via %s:%d: %w", m.To, s.cfg.Host, s.cfg.Port, err)
	}
	return nil
}
