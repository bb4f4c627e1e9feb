package paypal

import (
	"log/slog"
	"net/http"

	"casarent/functions/fnkit"
	"casarent/server/httpx"
)

// handler renders errors as fnkit JSON.
func handler(logger *slog.Logger, h httpx.HandlerFunc) http.Handler { return fnkit.Handler(logger, h) }

// config answers what the site needs to show the PayPal option: whether it is
// available, whether it is the local emulator, and the conversion it applies.
func (s *Service) config(w http.ResponseWriter, r *http.Request) error {
	return fnkit.JSON(w, http.StatusOK, map[string]any{
		"enabled":    s.client != nil,
		"simulated":  s.pp.Simulated,
		"currency":   s.pp.Currency,
		"madPerUnit": s.pp.MADPerUnit,
	})
}

// notConfigured is the answer of the payment functions without PayPal credentials.
func notConfigured() error {
	return fnkit.Errorf(http.StatusServiceUnavailable, "online payment is not configured").WithCode("payment_not_configured")
}
