package paypal

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
)

// Order statuses and capture statuses (Orders v2).
const (
	StatusCreated              = "CREATED"
	StatusApproved             = "APPROVED"
	StatusCompleted            = "COMPLETED"
	StatusPayerActionRequired  = "PAYER_ACTION_REQUIRED"
	IssueOrderAlreadyCaptured  = "ORDER_ALREADY_CAPTURED"
	IssueInstrumentDeclined    = "INSTRUMENT_DECLINED"
	IssueOrderNotApproved      = "ORDER_NOT_APPROVED"
	IssuePayerActionRequired   = "PAYER_ACTION_REQUIRED"
	IssueCompletionInProgress  = "ORDER_COMPLETION_IN_PROGRESS"
	IssueTransactionRefused    = "TRANSACTION_REFUSED"
	IssuePayerCannotPay        = "PAYER_CANNOT_PAY"
	IssueMaxAttemptsExceeded   = "MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED"
	IssueRedirectAltFunding    = "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING"
	IssueResourceNotFoundOrder = "INVALID_RESOURCE_ID"
)

// OrderIDPattern is what PayPal order ids look like.
var OrderIDPattern = regexp.MustCompile(`^[A-Z0-9]{1,36}$`)

// Amount is a money value: the value is a decimal string.
type Amount struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

// Link is a HATEOAS link of an order.
type Link struct {
	Href   string `json:"href"`
	Rel    string `json:"rel"`
	Method string `json:"method,omitempty"`
}

// Order is the subset of an Orders v2 order the functions read.
type Order struct {
	ID            string         `json:"id"`
	Status        string         `json:"status"`
	Intent        string         `json:"intent,omitempty"`
	PurchaseUnits []PurchaseUnit `json:"purchase_units,omitempty"`
	Payer         *Payer         `json:"payer,omitempty"`
	Links         []Link         `json:"links,omitempty"`
}

// PurchaseUnit is one purchase unit.
type PurchaseUnit struct {
	ReferenceID string    `json:"reference_id,omitempty"`
	Description string    `json:"description,omitempty"`
	CustomID    string    `json:"custom_id,omitempty"`
	InvoiceID   string    `json:"invoice_id,omitempty"`
	Amount      *Amount   `json:"amount,omitempty"`
	Payments    *Payments `json:"payments,omitempty"`
}

// Payments holds the captures of a purchase unit.
type Payments struct {
	Captures []Capture `json:"captures,omitempty"`
}

// Capture is one capture.
type Capture struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	StatusDetails *struct {
		Reason string `json:"reason"`
	} `json:"status_details,omitempty"`
	Amount       Amount `json:"amount"`
	FinalCapture bool   `json:"final_capture"`
}

// Payer is the buyer.
type Payer struct {
	PayerID      string `json:"payer_id,omitempty"`
	EmailAddress string `json:"email_address,omitempty"`
}

// CreateOrderRequest is the body of POST /v2/checkout/orders.
type CreateOrderRequest struct {
	Intent        string         `json:"intent"`
	PurchaseUnits []PurchaseUnit `json:"purchase_units"`
	PaymentSource *PaymentSource `json:"payment_source,omitempty"`
}

// PaymentSource selects the PayPal wallet with its buyer experience.
type PaymentSource struct {
	PayPal *PayPalSource `json:"paypal,omitempty"`
}

// PayPalSource carries the experience context.
type PayPalSource struct {
	ExperienceContext ExperienceContext `json:"experience_context"`
}

// ExperienceContext sets the return and cancel URLs and the approval page.
type ExperienceContext struct {
	ReturnURL          string `json:"return_url"`
	CancelURL          string `json:"cancel_url"`
	BrandName          string `json:"brand_name,omitempty"`
	Locale             string `json:"locale,omitempty"`
	LandingPage        string `json:"landing_page,omitempty"`
	ShippingPreference string `json:"shipping_preference,omitempty"`
	UserAction         string `json:"user_action,omitempty"`
}

// CreateOrder creates an order. requestID makes retries return the same order.
func (c *Client) CreateOrder(ctx context.Context, body CreateOrderRequest, requestID string) (*Order, error) {
	return post[Order](ctx, c, "/v2/checkout/orders", body, requestID)
}

// GetOrder reads an order (captures included once captured).
func (c *Client) GetOrder(ctx context.Context, id string) (*Order, error) {
	if !OrderIDPattern.MatchString(id) {
		return nil, fmt.Errorf("paypal: invalid order id %q", id)
	}
	return callFor[Order](ctx, c, request{method: http.MethodGet, path: "/v2/checkout/orders/" + url.PathEscape(id)})
}

// CaptureOrder captures an approved order. A replay with the same requestID
// returns the original capture instead of capturing again.
func (c *Client) CaptureOrder(ctx context.Context, id, requestID string) (*Order, error) {
	if !OrderIDPattern.MatchString(id) {
		return nil, fmt.Errorf("paypal: invalid order id %q", id)
	}
	return post[Order](ctx, c, "/v2/checkout/orders/"+url.PathEscape(id)+"/capture", nil, requestID)
}

// ApproveURL is where the buyer approves the order ("payer-action" with a payment
// source, "approve" without).
func (o *Order) ApproveURL() string {
	for _, l := range o.Links {
		if l.Rel == "payer-action" || l.Rel == "approve" {
			return l.Href
		}
	}
	return ""
}

// FirstCapture returns the first capture of the first purchase unit, if any.
func (o *Order) FirstCapture() *Capture {
	for _, pu := range o.PurchaseUnits {
		if pu.Payments != nil && len(pu.Payments.Captures) > 0 {
			return &pu.Payments.Captures[0]
		}
	}
	return nil
}
