package paypal

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
)

// Refund is a Payments v2 refund of a capture.
type Refund struct {
	ID     string  `json:"id"`
	Status string  `json:"status"` // COMPLETED, PENDING, FAILED, CANCELLED
	Amount *Amount `json:"amount,omitempty"`
}

// PayPal's refusals of a refund.
const (
	IssueCaptureFullyRefunded = "CAPTURE_FULLY_REFUNDED"
	IssueRefundAmountExceeded = "REFUND_AMOUNT_EXCEEDED"
)

var captureIDPattern = regexp.MustCompile(`^[A-Z0-9]{1,40}$`)

// RefundCapture refunds amount of a capture (nil: all that remains). requestID
// makes a retry return the first refund instead of refunding again.
func (c *Client) RefundCapture(ctx context.Context, captureID string, amount *Amount, requestID string) (*Refund, error) {
	if !captureIDPattern.MatchString(captureID) {
		return nil, fmt.Errorf("paypal: invalid capture id %q", captureID)
	}
	body := []byte("{}")
	if amount != nil {
		b, err := json.Marshal(map[string]any{"amount": amount})
		if err != nil {
			return nil, err
		}
		body = b
	}
	var rf Refund
	err := c.call(ctx, request{method: http.MethodPost, path: "/v2/payments/captures/" + url.PathEscape(captureID) + "/refund",
		body: body, requestID: requestID, prefer: "return=representation"}, &rf)
	if err != nil {
		return nil, err
	}
	return &rf, nil
}
