package auth

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"casarent/server/mail"
)

// outgoing describes one email of a flow.
type outgoing struct {
	Kind       string // kindConfirmation, ...
	VerifyType string // the link's type=: signup, recovery, magiclink, invite, email_change
	To         string
	User       *user
	NewEmail   string
	Token      emailToken
	RedirectTo string
}

// linkURL is <API_EXTERNAL_URL><MAILER_URLPATHS_x>?token=&type=&redirect_to=.
func (a *api) linkURL(o outgoing) string {
	path := a.cfg.URLPaths.Confirmation
	switch o.Kind {
	case kindRecovery, kindMagicLink:
		path = a.cfg.URLPaths.Recovery
	case kindInvite:
		path = a.cfg.URLPaths.Invite
	case kindEmailChange:
		path = a.cfg.URLPaths.EmailChange
	}
	if path == "" {
		path = "/auth/v1/verify"
	}
	base := path
	if !strings.HasPrefix(path, "http://") && !strings.HasPrefix(path, "https://") {
		base = a.extURL + "/" + strings.TrimLeft(path, "/")
	}
	// GoTrue's order, token then type then redirect_to (url.Values would sort
	// redirect_to first); clients that cut the link apart expect it.
	q := "token=" + url.QueryEscape(o.Token.Link) + "&type=" + url.QueryEscape(o.VerifyType) +
		"&redirect_to=" + encodeRedirect(o.RedirectTo)
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + q
}

// encodeRedirect escapes redirect_to as GoTrue does: only when it holds &, = or #
// (which would break the query); otherwise it goes in as is, so a link reads
// redirect_to=https://site/path like GoTrue's.
func encodeRedirect(u string) string {
	if strings.ContainsAny(u, "&=#") {
		return url.QueryEscape(u)
	}
	return u
}

// send renders and delivers one email, after counting it against the recipient's
// budget (RATE_LIMIT_EMAIL_SENT). A delivery failure is the caller's error, so
// the flow's transaction rolls back and nothing claims the mail went out.
func (a *api) send(ctx context.Context, r *http.Request, o outgoing) error {
	if err := a.limitEmail(ctx, r, o.To); err != nil {
		return err
	}
	meta := map[string]any{}
	name := ""
	if o.User != nil {
		meta = o.User.UserMetadata
		for _, k := range []string{"first_name", "full_name", "name"} {
			if s, ok := meta[k].(string); ok && strings.TrimSpace(s) != "" {
				name = strings.TrimSpace(s)
				break
			}
		}
	}
	lang := pickLanguage(meta, r.Header.Get("Accept-Language"))
	email := o.To
	if o.User != nil && o.User.Email != "" {
		email = o.User.Email
	}
	site := a.siteURL
	if u, err := url.Parse(a.siteURL); err == nil && u.Host != "" {
		site = u.Host
	}
	link := ""
	if o.Kind != kindReauthentication { // a code to type, nothing to click
		link = a.linkURL(o)
	}
	subject, html, text, err := a.templates.render(o.Kind, lang,
		emailVars{Site: site, Email: email, NewEmail: o.NewEmail, Name: name}, link, o.Token.OTP)
	if err != nil {
		return internalError("Error rendering email", err)
	}
	if err := a.mailer.Send(ctx, mail.Message{To: o.To, Subject: subject, HTML: html, Text: text}); err != nil {
		return internalError(sendErrorMessage(o.Kind), err)
	}
	return nil
}

func sendErrorMessage(kind string) string {
	switch kind {
	case kindRecovery:
		return "Error sending recovery email"
	case kindMagicLink:
		return "Error sending magic link email"
	case kindInvite:
		return "Error sending invite email"
	case kindEmailChange:
		return "Error sending email change email"
	case kindReauthentication:
		return "Error sending reauthentication email"
	default:
		return "Error sending confirmation email"
	}
}
