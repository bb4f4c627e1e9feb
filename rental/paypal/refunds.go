package paypal

import (
	"context"
	"fmt"
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
	var body any
	if amount != nil {
		body = map[string]any{"amount": amount}
	}
	return post[Refund](ctx, c, "/v2/payments/captures/"+url.PathEscape(captureID)+"/refund", body, requestID)
}
