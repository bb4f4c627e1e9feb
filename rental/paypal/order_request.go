package paypal

import (
	"encoding/json"
	"net/http"
	"strings"

	"casarent/functions/fnkit"
)

// The body that names a PayPal order, read alike by capture-paypal-payment and by
// the functions a visitor calls after PayPal (followup.go).

// orderRequest is the body naming a PayPal order: SPEC section 7's for the
// capture (bookingData is accepted for compatibility and ignored: the stored
// booking is what counts), and the after-PayPal functions' (?token= of the
// return URL).
type orderRequest struct {
	OrderID     string          `json:"orderID"`
	OrderIDAlt  string          `json:"orderId"`
	Token       string          `json:"token"`
	BookingData json.RawMessage `json:"bookingData"`
}

// orderFromBody reads the order id of a POST's orderRequest.
func orderFromBody(r *http.Request) (string, error) {
	var req orderRequest
	if err := fnkit.ReadPost(r, &req); err != nil {
		return "", err
	}
	id := strings.TrimSpace(firstNonEmpty(req.OrderID, req.OrderIDAlt, req.Token))
	if !OrderIDPattern.MatchString(id) {
		return "", fnkit.Errorf(http.StatusBadRequest, "orderID is missing or malformed").WithCode("invalid_order_id")
	}
	return id, nil
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
