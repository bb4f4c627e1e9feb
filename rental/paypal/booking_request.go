package paypal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"casarent/functions/fnkit"
)

// bookingRequest is the body of create-paypal-order: the booking wizard's data
// (SPEC section 3 "Booking form data"). A client total is accepted and ignored.
type bookingRequest struct {
	CarID          flexID               `json:"carId"`
	Car            *struct{ ID flexID } `json:"car"`
	PickupDate     string               `json:"pickupDate"`
	ReturnDate     string               `json:"returnDate"`
	PickupTime     string               `json:"pickupTime"`
	ReturnTime     string               `json:"returnTime"`
	PickupLocation string               `json:"pickupLocation"`
	ReturnLocation string               `json:"returnLocation"`
	CustomerName   string               `json:"customerName"`
	CustomerEmail  string               `json:"customerEmail"`
	CustomerPhone  string               `json:"customerPhone"`
	// The hotel of a hotel delivery or collection, the flight of an airport
	// pickup (optional); the database checks them (bookings_bounds_details).
	HotelName     string          `json:"hotelName"`
	HotelAddress  string          `json:"hotelAddress"`
	FlightNumber  string          `json:"flightNumber"`
	Insurance     string          `json:"insurance"`
	Extras        map[string]bool `json:"extras"`
	PaymentOption string          `json:"paymentOption"`
	Language      string          `json:"language"`
	// UserID is ignored: the booking's account is the caller's verified token
	// (insertBooking), never a value the browser sends.
	UserID json.RawMessage `json:"userId"`
	// TermsVersion is the version of the rental terms the traveller accepted (the
	// quote's terms_version); DriverConfirmed says the driver meets the car's
	// minimum age and licence years. The database refuses a booking without them.
	TermsVersion    string `json:"termsVersion"`
	DriverConfirmed bool   `json:"driverConfirmed"`
	// BookingID is chosen by the browser once per booking, so sending the same
	// request again (an answer lost on the way back) reuses the stored booking
	// and its PayPal order instead of making a second one. Optional.
	BookingID  string          `json:"bookingId"`
	TotalPrice json.RawMessage `json:"totalPrice"` // ignored: the database prices
}

// flexID is a car id sent as a number or a string.
type flexID int64

func (f *flexID) UnmarshalJSON(b []byte) error {
	b = bytes.Trim(b, `"`)
	if string(b) == "null" || len(b) == 0 {
		*f = 0
		return nil
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return fmt.Errorf("car id %q is not a number", b)
	}
	*f = flexID(n)
	return nil
}

var (
	timeRe  = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$`)
	emailRe = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
	uuidRe  = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
)

// normalize trims, applies the form's defaults (10:00, fr) and checks the shape of
// the request. The options (insurance, extras, payment option), the price and
// whether the car can be booked are the database's to judge (quote_booking and
// the bookings triggers), so they are not checked twice here; an empty option is
// sent as null and takes its default there. So are the earliest pickup and the
// longest rental (public.rental_rules).
func (b *bookingRequest) normalize() error {
	problems := map[string]string{}
	if b.CarID == 0 && b.Car != nil {
		b.CarID = b.Car.ID
	}
	if b.CarID <= 0 {
		problems["carId"] = "required"
	}
	trim := func(p *string) { *p = strings.TrimSpace(*p) }
	for _, p := range []*string{&b.PickupDate, &b.ReturnDate, &b.PickupTime, &b.ReturnTime, &b.PickupLocation, &b.ReturnLocation,
		&b.CustomerName, &b.CustomerEmail, &b.CustomerPhone, &b.Insurance, &b.PaymentOption, &b.Language, &b.BookingID} {
		trim(p)
	}
	b.PickupDate, b.ReturnDate = dateOnly(b.PickupDate), dateOnly(b.ReturnDate)
	pickup, perr := time.Parse(time.DateOnly, b.PickupDate)
	ret, rerr := time.Parse(time.DateOnly, b.ReturnDate)
	if perr != nil {
		problems["pickupDate"] = "required, as YYYY-MM-DD"
	}
	switch {
	case rerr != nil:
		problems["returnDate"] = "required, as YYYY-MM-DD"
	case perr == nil && ret.Before(pickup):
		problems["returnDate"] = "cannot be before the pickup date"
	}
	if b.PickupTime == "" {
		b.PickupTime = "10:00"
	}
	if b.ReturnTime == "" {
		b.ReturnTime = "10:00"
	}
	if !timeRe.MatchString(b.PickupTime) {
		problems["pickupTime"] = "must be HH:MM"
	}
	if !timeRe.MatchString(b.ReturnTime) {
		problems["returnTime"] = "must be HH:MM"
	}
	if b.PickupLocation == "" {
		problems["pickupLocation"] = "required"
	}
	if b.ReturnLocation == "" {
		problems["returnLocation"] = "required"
	}
	if b.CustomerName == "" {
		problems["customerName"] = "required"
	}
	if !emailRe.MatchString(b.CustomerEmail) {
		problems["customerEmail"] = "a valid email address is required"
	}
	if b.CustomerPhone == "" {
		problems["customerPhone"] = "required"
	}
	switch b.Language {
	case "":
		b.Language = "fr"
	case "fr", "en", "ar":
	default:
		problems["language"] = "must be fr, en or ar"
	}
	if b.BookingID != "" && !uuidRe.MatchString(b.BookingID) {
		problems["bookingId"] = "not a uuid"
	}
	if len(problems) > 0 {
		return fnkit.Errorf(http.StatusBadRequest, "the booking request is invalid").WithCode("invalid_booking").WithDetails(problems)
	}
	return nil
}

// dateOnly accepts "2026-05-01" and ISO timestamps ("2026-05-01T00:00:00.000Z").
func dateOnly(s string) string {
	if len(s) > 10 && s[10] == 'T' {
		return s[:10]
	}
	return s
}

// orNull sends an empty option as SQL null (the database's default).
func orNull(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (b *bookingRequest) extrasJSON() []byte {
	if b.Extras == nil {
		return []byte("{}")
	}
	out, _ := json.Marshal(b.Extras)
	return out
}
