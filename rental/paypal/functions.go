// Package paypal is the online payment of the rental site: a PayPal REST client
// (Orders v2), the create-paypal-order and capture-paypal-payment functions, and
// paypal-config (what the site needs to offer, hide or label the option).
// See README.md for the flow and the decisions.
package paypal

import (
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/functions"
	"casarent/rental/config"
)

// Deps are what the functions need.
type Deps struct {
	Pool    *pgxpool.Pool // the authenticator pool; SQL runs through pgrole
	Config  config.PayPal
	SiteURL string // return and cancel URLs: <SiteURL>/booking-success, /booking-cancelled
	// ReturnAllowed says whether the site may also be reached at a URL (auth's
	// redirect allow-list: SITE_URL's host and ADDITIONAL_REDIRECT_URLS). A visitor
	// who books from such a host name comes back from PayPal to it, with the
	// language and consent cookies it holds there. Nil: SITE_URL only.
	ReturnAllowed func(rawURL string) bool
	// ClientIPHeader is the trusted header with the visitor's address (httpx.ClientIP),
	// for the database's limit on bookings per address.
	ClientIPHeader string
	Logger         *slog.Logger
	HTTPClient     *http.Client
	Now            func() time.Time
	// Retry tuning for tests; zero = defaults.
	Attempts int
	Backoff  time.Duration
}

// New builds the payment service: its functions and its reconciliation loop
// (reconcile.go) share one PayPal client and its cached token.
func New(d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	d.SiteURL = strings.TrimRight(d.SiteURL, "/")
	s := &Service{deps: d, pp: d.Config}
	if s.pp.Configured() {
		s.client = NewClient(ClientOptions{
			BaseURL: s.pp.BaseURL, ClientID: s.pp.ClientID, ClientSecret: s.pp.ClientSecret,
			HTTPClient: d.HTTPClient, Timeout: s.pp.Timeout, Now: d.Now, Logger: d.Logger,
			Attempts: d.Attempts, Backoff: d.Backoff,
		})
	}
	rate, err := parseRate(s.pp.MADPerUnit)
	if err != nil {
		rate = nil // config validation refuses this; payments then answer 503
		s.client = nil
	}
	s.rate = rate
	return s
}

// Functions returns create-paypal-order, capture-paypal-payment, paypal-config,
// the way forward after a failed payment (paypal-booking, paypal-to-whatsapp) and
// the administrators' refund-paypal-payment and my-booking-refund (a traveller's
// free cancellation).
func (s *Service) Functions() []functions.Function {
	d := s.deps
	return []functions.Function{
		{Name: "create-paypal-order", VerifyJWT: true, Handler: handler(d.Logger, s.createOrder)},
		{Name: "capture-paypal-payment", VerifyJWT: true, Handler: handler(d.Logger, s.capturePayment)},
		{Name: "paypal-config", VerifyJWT: true, Handler: handler(d.Logger, s.config)},
		{Name: "paypal-booking", VerifyJWT: true, Handler: handler(d.Logger, s.paypalBooking)},
		{Name: "paypal-to-whatsapp", VerifyJWT: true, Handler: handler(d.Logger, s.paypalToWhatsapp)},
		{Name: "refund-paypal-payment", VerifyJWT: true, Handler: handler(d.Logger, s.refund)},
		{Name: "my-booking-refund", VerifyJWT: true, Handler: handler(d.Logger, s.travellerRefund)},
	}
}

// Service is the online payment of the site; see New.
type Service struct {
	deps   Deps
	pp     config.PayPal
	client *Client // nil when PayPal is not configured
	rate   *big.Rat
}
