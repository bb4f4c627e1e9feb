package config

import "time"

// Auth configures /auth/v1 (GoTrue's setting names).
type Auth struct {
	JWTExp                 time.Duration // JWT_EXP, default 3600s
	AdditionalRedirectURLs []string      // ADDITIONAL_REDIRECT_URLS
	DisableSignup          bool          // DISABLE_SIGNUP
	MailerAutoconfirm      bool          // MAILER_AUTOCONFIRM; forced on when no SMTP_HOST
	SMTP                   SMTP
}

// SMTP is the mail relay (auth emails, notifications).
type SMTP struct {
	Host       string // SMTP_HOST; empty = mail written to the log
	Port       int    // SMTP_PORT, default 587
	User       string // SMTP_USER
	Pass       string // SMTP_PASS
	AdminEmail string // SMTP_ADMIN_EMAIL: the From address
	SenderName string // SMTP_SENDER_NAME
}

// Configured reports whether a relay is set.
func (s SMTP) Configured() bool { return s.Host != "" }

func loadAuth(e env) Auth {
	a := Auth{
		JWTExp:                 e.dur("JWT_EXP", time.Hour),
		AdditionalRedirectURLs: e.list("ADDITIONAL_REDIRECT_URLS"),
		DisableSignup:          e.bool("DISABLE_SIGNUP", false),
		SMTP: SMTP{
			Host:       e.str("SMTP_HOST", ""),
			Port:       e.int("SMTP_PORT", 587),
			User:       e.str("SMTP_USER", ""),
			Pass:       e.str("SMTP_PASS", ""),
			AdminEmail: e.str("SMTP_ADMIN_EMAIL", "noreply@localhost"),
			SenderName: e.str("SMTP_SENDER_NAME", ""),
		},
	}
	a.MailerAutoconfirm = e.bool("MAILER_AUTOCONFIRM", !a.SMTP.Configured())
	return a
}

func (a Auth) validate() error { return nil }
