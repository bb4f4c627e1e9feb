// Package config holds the car rental's own settings: online payment (PayPal),
// the agency's address, the notification outbox, the expiry of booking holds
// and the pages rendered ahead of visitors. They come from the same environment as the server's settings and are
// read alike (server/config's Reader); the command loads them beside the
// server's and hands each section to the rental's functions, workers and
// site. The platform's config knows none of them.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"

	platform "casarent/server/config"
)

// Config is every setting of the rental.
type Config struct {
	PayPal PayPal
	// AgencyEmail receives the agency notifications (new booking, new contact
	// message). AGENCY_EMAIL; empty = those notifications are kept unsent and logged.
	AgencyEmail string
	Outbox      Outbox
	// HoldExpiryEvery is how often lapsed booking holds are expired (unpaid PayPal
	// attempts, unconfirmed WhatsApp requests; their durations are database
	// settings, docs/reservations.md). HOLD_EXPIRY_INTERVAL, default 1m; 0 turns it off.
	HoldExpiryEvery time.Duration
	// PickupReminderEvery is how often the bookings picked up within the next day
	// get their reminder e-mail queued (public.send_pickup_reminders, once per
	// pickup). PICKUP_REMINDER_INTERVAL, default 5m; 0 turns reminders off.
	PickupReminderEvery time.Duration
	// AdminMFARequired: an administrator is one only at aal2 (TOTP verified in
	// the session), and enrols a factor at the first sign-in. The server writes
	// it to the database at start (private.admin_settings, read by
	// public.is_admin()). ADMIN_MFA_REQUIRED, default true; false (local
	// development and test servers) is refused in production.
	AdminMFARequired bool
	// Pages: the public pages rendered ahead of visitors.
	Pages Pages
}

// PayPal configures the online payment (PayPal Orders v2).
type PayPal struct {
	ClientID     string // PAYPAL_CLIENT_ID
	ClientSecret string // PAYPAL_CLIENT_SECRET
	// BaseURL is the REST API: https://api-m.sandbox.paypal.com (default),
	// https://api-m.paypal.com (live), or the local emulator. PAYPAL_BASE_URL
	BaseURL string
	// Currency PayPal charges in (it has no MAD). PAYPAL_CURRENCY, default EUR.
	Currency string
	// MADPerUnit converts dirhams to Currency: amount = MAD / MADPerUnit, 2 decimals.
	// PAYPAL_MAD_PER_UNIT as a decimal string, default "10.8".
	MADPerUnit string
	// Simulated marks the emulator: the site labels payments as simulated.
	// PAYPAL_SIMULATED; refused in production.
	Simulated bool
	// Timeout bounds one HTTP attempt to PayPal. PAYPAL_TIMEOUT, default 15s.
	Timeout time.Duration
	// Production mirrors ENVIRONMENT=production (the emulator refuses it).
	Production bool
	// ReconcileEvery is how often pending PayPal bookings are checked with PayPal
	// (payments approved but never captured, captures never recorded, orders never
	// approved). PAYPAL_RECONCILE_INTERVAL, default 5m; 0 turns it off.
	ReconcileEvery time.Duration
	// AbandonAfter is how long after its creation a booking whose PayPal order was
	// not paid is cancelled: PayPal lets a buyer approve an order for 3 hours.
	// PAYPAL_ABANDON_AFTER, default 3h.
	AbandonAfter time.Duration
}

// Configured reports whether online payment can be offered.
func (p PayPal) Configured() bool { return p.ClientID != "" && p.ClientSecret != "" }

// Outbox tunes the notification worker.
type Outbox struct {
	PollInterval time.Duration // OUTBOX_POLL_INTERVAL, default 2s
	BatchSize    int           // OUTBOX_BATCH_SIZE, default 20
	MaxBackoff   time.Duration // OUTBOX_MAX_BACKOFF, default 30m: retry delay cap
	Lease        time.Duration // OUTBOX_LEASE, default 2m: a claimed row returns to the queue after this
}

// PayPal's public REST hosts.
const (
	PayPalSandboxURL = "https://api-m.sandbox.paypal.com"
	PayPalLiveURL    = "https://api-m.paypal.com"
)

// Load reads the rental's settings from get, applies defaults and validates them:
// the error names every variable that is malformed or out of range.
func Load(get platform.Getenv) (Config, error) {
	r := platform.NewReader(get)
	c := Config{
		PayPal: PayPal{
			ClientID:     r.Str("PAYPAL_CLIENT_ID", ""),
			ClientSecret: r.Str("PAYPAL_CLIENT_SECRET", ""),
			BaseURL:      strings.TrimRight(r.Str("PAYPAL_BASE_URL", PayPalSandboxURL), "/"),
			Currency:     strings.ToUpper(r.Str("PAYPAL_CURRENCY", "EUR")),
			MADPerUnit:   r.Str("PAYPAL_MAD_PER_UNIT", "10.8"),
			Simulated:    r.Bool("PAYPAL_SIMULATED", false),
			Timeout:      r.Dur("PAYPAL_TIMEOUT", 15*time.Second),
			Production:   r.Str("ENVIRONMENT", "development") == "production",

			ReconcileEvery: r.Dur("PAYPAL_RECONCILE_INTERVAL", 5*time.Minute),
			AbandonAfter:   r.Dur("PAYPAL_ABANDON_AFTER", 3*time.Hour),
		},
		AgencyEmail:         r.Str("AGENCY_EMAIL", ""),
		HoldExpiryEvery:     r.Dur("HOLD_EXPIRY_INTERVAL", time.Minute),
		PickupReminderEvery: r.Dur("PICKUP_REMINDER_INTERVAL", 5*time.Minute),
		AdminMFARequired:    r.Bool("ADMIN_MFA_REQUIRED", true),
		Pages:               loadPages(r),
		Outbox: Outbox{
			PollInterval: r.Dur("OUTBOX_POLL_INTERVAL", 2*time.Second),
			BatchSize:    r.Int("OUTBOX_BATCH_SIZE", 20),
			MaxBackoff:   r.Dur("OUTBOX_MAX_BACKOFF", 30*time.Minute),
			Lease:        r.Dur("OUTBOX_LEASE", 2*time.Minute),
		},
	}
	if err := r.Err(); err != nil {
		return c, err
	}
	return c, c.validate()
}

var (
	currencyRe = regexp.MustCompile(`^[A-Z]{3}$`)
	rateRe     = regexp.MustCompile(`^[0-9]{1,6}(\.[0-9]{1,6})?$`)
)

func (c Config) validate() error {
	errs := c.PayPal.validate()
	if c.AgencyEmail != "" && !strings.Contains(c.AgencyEmail, "@") {
		errs = append(errs, fmt.Errorf("AGENCY_EMAIL %q is not an email address", c.AgencyEmail))
	}
	if !c.AdminMFARequired && c.PayPal.Production {
		errs = append(errs, errors.New("ADMIN_MFA_REQUIRED cannot be false in production: administrators need their second factor"))
	}
	if c.HoldExpiryEvery < 0 {
		errs = append(errs, errors.New("HOLD_EXPIRY_INTERVAL cannot be negative (0 turns expiry off)"))
	}
	if c.PickupReminderEvery < 0 {
		errs = append(errs, errors.New("PICKUP_REMINDER_INTERVAL cannot be negative (0 turns reminders off)"))
	}
	o := c.Outbox
	if o.PollInterval <= 0 || o.BatchSize <= 0 || o.MaxBackoff <= 0 || o.Lease <= 0 {
		errs = append(errs, errors.New("OUTBOX_POLL_INTERVAL, OUTBOX_BATCH_SIZE, OUTBOX_MAX_BACKOFF and OUTBOX_LEASE must be positive"))
	}
	return errors.Join(errs...)
}

func (p PayPal) validate() []error {
	var errs []error
	if u, err := url.Parse(p.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("PAYPAL_BASE_URL must be an absolute http(s) URL, not %q", p.BaseURL))
	}
	if !currencyRe.MatchString(p.Currency) {
		errs = append(errs, fmt.Errorf("PAYPAL_CURRENCY must be a 3-letter ISO code, not %q", p.Currency))
	}
	if p.Currency == "MAD" {
		errs = append(errs, errors.New("PAYPAL_CURRENCY cannot be MAD: PayPal does not support it"))
	}
	if !rateRe.MatchString(p.MADPerUnit) || strings.Trim(p.MADPerUnit, "0.") == "" {
		errs = append(errs, fmt.Errorf("PAYPAL_MAD_PER_UNIT must be a positive decimal, not %q", p.MADPerUnit))
	}
	if (p.ClientID == "") != (p.ClientSecret == "") {
		errs = append(errs, errors.New("PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together"))
	}
	if p.Simulated && p.Production {
		errs = append(errs, errors.New("PAYPAL_SIMULATED cannot be set in production"))
	}
	if p.Timeout <= 0 {
		errs = append(errs, errors.New("PAYPAL_TIMEOUT must be positive"))
	}
	if p.ReconcileEvery < 0 {
		errs = append(errs, errors.New("PAYPAL_RECONCILE_INTERVAL cannot be negative (0 turns reconciliation off)"))
	}
	if p.AbandonAfter < 10*time.Minute {
		errs = append(errs, errors.New("PAYPAL_ABANDON_AFTER must be at least 10m: a buyer needs time to approve on PayPal"))
	}
	return errs
}
