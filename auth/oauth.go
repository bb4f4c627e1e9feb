package auth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// flowStateLife is how long a sign-in started by /authorize may take to come
// back to /callback, and how long its PKCE code then stays exchangeable.
const flowStateLife = 10 * time.Minute

// authorizeParams are the parameters of /authorize this server reads; every
// other one (prompt, login_hint, supabase-js's queryParams…) goes on to the provider.
var authorizeParams = []string{"provider", "scopes", "redirect_to", "code_challenge", "code_challenge_method",
	"skip_http_redirect", "invite_token", "flow_type"}

// handleAuthorize is GET /authorize?provider= (signInWithOAuth): a flow_state
// row whose id is the state, then a 302 to the provider. With code_challenge
// the flow is PKCE (the callback hands redirect_to a ?code=), else implicit
// (the session in redirect_to's fragment).
func (a *api) handleAuthorize(w http.ResponseWriter, r *http.Request) error {
	return a.startOAuth(w, r, "")
}

// handleLinkIdentity is GET /user/identities/authorize?provider= (linkIdentity,
// signed in, SECURITY_MANUAL_LINKING_ENABLED): an OAuth flow whose callback
// adds the provider's identity to the caller instead of signing someone in.
func (a *api) handleLinkIdentity(w http.ResponseWriter, r *http.Request) error {
	cl, err := a.requireCaller(r)
	if err != nil {
		return err
	}
	if !a.cfg.ManualLinking {
		return errManualLinkingDisabled()
	}
	return a.startOAuth(w, r, cl.UserID)
}

// startOAuth starts a sign-in, or with linkingUserID a link of a new identity to that user.
func (a *api) startOAuth(w http.ResponseWriter, r *http.Request, linkingUserID string) error {
	q := r.URL.Query()
	name := strings.ToLower(q.Get("provider"))
	p := a.providers[name]
	if p == nil {
		return validationFailed("Unsupported provider: " + providerProblem(q.Get("provider")))
	}
	challenge, method := q.Get("code_challenge"), strings.ToLower(q.Get("code_challenge_method"))
	switch {
	case challenge == "" && method == "":
	case challenge == "" || method == "":
		return validationFailed("PKCE flow requires code_challenge_method and code_challenge")
	case method != "s256" && method != "plain":
		return validationFailed("Code challenge method not supported: " + method)
	case len(challenge) < 43 || len(challenge) > 128:
		return validationFailed("code challenge has to be between 43 and 128 characters")
	}
	authURL, _, err := p.endpoints(r.Context())
	if err != nil {
		return internalError("Unable to reach the provider", err)
	}
	scopes := slices.Clone(p.defaultScopes)
	for _, s := range strings.FieldsFunc(q.Get("scopes"), func(r rune) bool { return r == ' ' || r == ',' }) {
		if !slices.Contains(scopes, s) {
			scopes = append(scopes, s)
		}
	}
	state := newID()
	redirect := a.redirectTo(r, "")
	err = a.tx(r.Context(), r, func(c pgrole.Conn) error {
		// Flows nobody finished are removed by the next one to start.
		if err := a.store.DeleteFlowStatesBefore(r.Context(), c, a.now().Add(-2*flowStateLife)); err != nil {
			return err
		}
		return a.store.CreateFlowState(r.Context(), c, newFlow{State: state, Challenge: challenge, Method: method,
			Provider: name, RedirectTo: redirect, LinkingUserID: linkingUserID, Now: a.now()})
	})
	if err != nil {
		return err
	}
	v := url.Values{}
	for k, vals := range q {
		if !slices.Contains(authorizeParams, k) {
			v[k] = vals
		}
	}
	v.Set("response_type", "code")
	v.Set("client_id", p.cfg.ClientID)
	v.Set("redirect_uri", a.callbackURL(p))
	v.Set("scope", strings.Join(scopes, " "))
	v.Set("state", state)
	sep := "?"
	if strings.Contains(authURL, "?") {
		sep = "&"
	}
	to := authURL + sep + v.Encode()
	if q.Get("skip_http_redirect") == "true" {
		return httpx.WriteJSON(w, http.StatusOK, map[string]string{"url": to})
	}
	http.Redirect(w, r, to, http.StatusFound)
	return nil
}

func (a *api) callbackURL(p *oauthProvider) string {
	if p.cfg.RedirectURI != "" {
		return p.cfg.RedirectURI
	}
	return a.extURL + "/auth/v1/callback"
}

type flowState struct {
	ID, Provider, RedirectTo string
	Challenge, Method        *string
	LinkingUserID            *string
}

func (f *flowState) pkce() bool { return f.Challenge != nil }

// handleCallback is GET|POST /callback, where the provider sends the browser
// back: the state names the flow, the code is traded for the provider's tokens
// and user, and the browser goes on to redirect_to with a PKCE code (?code=)
// or, in the implicit flow, the session in the fragment. Failures after the
// state is known go there too, as GoTrue's error/error_code/error_description.
func (a *api) handleCallback(w http.ResponseWriter, r *http.Request) error {
	_ = r.ParseForm() // Apple answers with form_post; Form holds the query too
	state, code := r.Form.Get("state"), r.Form.Get("code")
	if state == "" {
		return badRequest("bad_oauth_callback", "OAuth state parameter missing")
	}
	ctx := r.Context()
	f, err := a.takeFlowState(ctx, r, state)
	if errors.Is(err, pgx.ErrNoRows) {
		return badRequest("bad_oauth_state", "OAuth callback with invalid state")
	}
	if err != nil {
		return err
	}
	if e := r.Form.Get("error"); e != "" {
		return f.redirectError(w, r, e, "provider_error", r.Form.Get("error_description"))
	}
	p := a.providers[f.Provider]
	if p == nil || code == "" {
		return f.redirectError(w, r, "invalid_request", "bad_oauth_callback", "OAuth code missing")
	}
	toks, err := p.exchange(ctx, code, a.callbackURL(p))
	if err != nil {
		a.log.Warn("oauth code exchange failed", "provider", p.name, "err", err)
		return f.redirectError(w, r, "server_error", "unexpected_failure", "Unable to exchange external code")
	}
	pu, err := p.user(ctx, p, toks, a.now())
	if err != nil || pu.ID == "" {
		a.log.Warn("oauth user data failed", "provider", p.name, "err", err)
		return f.redirectError(w, r, "server_error", "unexpected_failure", "Error getting user profile from external provider")
	}
	session, authCode, afterCommit, err := a.completeFlow(ctx, r, f, pu, toks)
	var e *apiError
	if errors.As(err, &e) && e.Status < 500 {
		return f.redirectError(w, r, "access_denied", e.Code, e.Msg)
	}
	if err != nil {
		return err
	}
	if afterCommit != nil {
		return f.redirectError(w, r, "access_denied", afterCommit.Code, afterCommit.Msg)
	}
	return f.redirectSignedIn(w, r, session, authCode, toks)
}

// takeFlowState claims the flow a callback's state names, once: a second
// callback with the same state finds nothing (pgx.ErrNoRows).
func (a *api) takeFlowState(ctx context.Context, r *http.Request, state string) (flowState, error) {
	var f flowState
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		if !validUUID(state) {
			return pgx.ErrNoRows
		}
		var err error
		f, err = a.store.ClaimFlowState(ctx, c, state, a.now(), flowStateLife)
		return err
	})
	return f, err
}

// redirectError sends the browser back to the flow's redirect_to with GoTrue's
// error parameters: in the query for PKCE, in the fragment for the implicit flow.
func (f flowState) redirectError(w http.ResponseWriter, r *http.Request, errName, code, desc string) error {
	v := url.Values{"error": {errName}, "error_code": {code}, "error_description": {desc}}
	to := f.RedirectTo
	if f.pkce() {
		if u, err := url.Parse(to); err == nil {
			q := u.Query()
			maps.Copy(q, v)
			u.RawQuery = q.Encode()
			to = u.String()
		}
	} else {
		to = withFragment(to, v)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// completeFlow finds or makes the account (or links the identity) and then
// either stores an auth code for the PKCE exchange or starts the session of
// the implicit flow. afterCommit is a refusal whose side effects (a
// confirmation e-mail sent) stay committed.
func (a *api) completeFlow(ctx context.Context, r *http.Request, f flowState, pu *providerUser, toks *providerTokens) (session *tokenResponse, authCode string, afterCommit *apiError, err error) {
	now := a.now()
	err = a.tx(ctx, r, func(c pgrole.Conn) error {
		var userID string
		var err error
		if f.LinkingUserID != nil {
			userID, err = a.linkIdentity(ctx, c, *f.LinkingUserID, f.Provider, pu, now)
		} else {
			userID, afterCommit, err = a.oauthAccount(ctx, c, r, f, pu, now)
		}
		if err != nil || afterCommit != nil {
			return err
		}
		if f.pkce() {
			authCode = newID()
			return a.store.SetFlowAuthCode(ctx, c, f.ID, userID, authCode, toks, now)
		}
		if err := a.store.DeleteFlowState(ctx, c, f.ID); err != nil {
			return err
		}
		session, err = a.startSession(ctx, c, userID, "oauth", a.clientMeta(r), now)
		return err
	})
	return session, authCode, afterCommit, err
}

// redirectSignedIn sends the browser back with the auth code (PKCE) or the
// session in the fragment (implicit), as GoTrue does.
func (f flowState) redirectSignedIn(w http.ResponseWriter, r *http.Request, session *tokenResponse, authCode string, toks *providerTokens) error {
	if f.pkce() {
		u, err := url.Parse(f.RedirectTo)
		if err != nil {
			return err
		}
		q := u.Query()
		q.Set("code", authCode)
		u.RawQuery = q.Encode()
		http.Redirect(w, r, u.String(), http.StatusFound)
		return nil
	}
	v := session.fragment()
	v.Set("provider_token", toks.AccessToken)
	if toks.RefreshToken != "" {
		v.Set("provider_refresh_token", toks.RefreshToken)
	}
	http.Redirect(w, r, withFragment(f.RedirectTo, v), http.StatusFound)
	return nil
}

// oauthAccount finds or makes the user a provider's sign-in is for, by GoTrue's
// rules: the identity if known (its data refreshed, and the user's metadata
// with it); else the account with that address, only when the provider
// verified it; else a new user. An address the provider did not verify never
// reaches an existing account: that is refused (email_exists) rather than
// linked. A new user with an unverified address is confirmed by email first,
// unless MAILER_AUTOCONFIRM.
func (a *api) oauthAccount(ctx context.Context, c pgrole.Conn, r *http.Request, f flowState, pu *providerUser, now time.Time) (string, *apiError, error) {
	uid, err := a.oauthAccountTx(ctx, c, r, f, pu, now)
	var e *apiError
	if errors.As(err, &e) && e.Code == "provider_email_needs_verification" {
		return "", e, nil
	}
	return uid, nil, err
}

func (a *api) oauthAccountTx(ctx context.Context, c pgrole.Conn, r *http.Request, f flowState, pu *providerUser, now time.Time) (string, error) {
	uid, err := a.knownIdentity(ctx, c, f, pu, now)
	if !errors.Is(err, pgx.ErrNoRows) {
		return uid, err
	}
	if pu.Email != "" {
		uid, err := a.linkByEmail(ctx, c, f, pu, now)
		if !errors.Is(err, errNoUser) {
			return uid, err
		}
	}
	if a.cfg.DisableSignup {
		return "", unprocessable("signup_disabled", "Signups not allowed for this instance")
	}
	return a.newOAuthUser(ctx, c, r, f, pu, now)
}

// knownIdentity signs in the user of an identity seen before, with the
// provider's fresh data; pgx.ErrNoRows when the identity is new.
func (a *api) knownIdentity(ctx context.Context, c pgrole.Conn, f flowState, pu *providerUser, now time.Time) (string, error) {
	uid, err := a.store.SignInKnownIdentity(ctx, c, f.Provider, pu, now)
	if err != nil {
		return "", err
	}
	u, err := a.store.UserByID(ctx, c, uid, false)
	if err != nil {
		return "", err
	}
	if u.banned(now) {
		return "", badRequest("user_banned", "User is banned")
	}
	if u.Email != "" && !u.emailConfirmed() {
		// Known identity, address still unproven: the provider's word now, or
		// MAILER_AUTOCONFIRM, confirms it; else no session until the email link.
		if !pu.EmailVerified && !a.cfg.MailerAutoconfirm {
			return "", errProviderEmailNeedsVerification(f.Provider)
		}
		if err := a.store.SetEmailConfirmedAt(ctx, c, uid, now); err != nil {
			return "", err
		}
	}
	return uid, nil
}

// linkByEmail adds the identity to the account that holds the provider's
// address, when the provider verified it; errNoUser when no account does.
func (a *api) linkByEmail(ctx context.Context, c pgrole.Conn, f flowState, pu *providerUser, now time.Time) (string, error) {
	existing, err := a.store.UserByEmail(ctx, c, pu.Email, true)
	switch {
	case err != nil:
		return "", err
	case !pu.EmailVerified:
		return "", unprocessable("email_exists", "A user with this email address has already been registered")
	case existing.banned(now):
		return "", badRequest("user_banned", "User is banned")
	}
	if !existing.emailConfirmed() {
		// Nobody proved this address before the provider did: a password set by
		// whoever signed it up is not the owner's, so it goes.
		if err := a.store.ConfirmRemovingPassword(ctx, c, existing.ID, now); err != nil {
			return "", err
		}
	}
	return existing.ID, a.store.AddIdentity(ctx, c, existing.ID, f.Provider, pu, now)
}

// newOAuthUser makes the account of a first sign-in. An address the provider
// did not verify (and MAILER_AUTOCONFIRM off) gets a confirmation e-mail and no
// session yet.
func (a *api) newOAuthUser(ctx context.Context, c pgrole.Conn, r *http.Request, f flowState, pu *providerUser, now time.Time) (string, error) {
	confirmed := pu.Email != "" && (pu.EmailVerified || a.cfg.MailerAutoconfirm)
	uid := newID()
	var confirmedAt *time.Time
	if confirmed {
		confirmedAt = &now
	}
	if err := a.store.CreateOAuthUser(ctx, c, uid, f.Provider, pu, confirmedAt, now); err != nil {
		return "", err
	}
	if err := a.store.AddIdentity(ctx, c, uid, f.Provider, pu, now); err != nil {
		return "", err
	}
	if pu.Email == "" || confirmed {
		return uid, nil
	}
	u, err := a.store.UserByID(ctx, c, uid, false)
	if err != nil {
		return "", err
	}
	if _, err := a.sendConfirmation(ctx, c, r, u, f.RedirectTo, now); err != nil {
		return "", err
	}
	return "", errProviderEmailNeedsVerification(f.Provider)
}

func errProviderEmailNeedsVerification(provider string) *apiError {
	return unprocessable("provider_email_needs_verification",
		"Unverified email with "+provider+". A confirmation email has been sent to your "+provider+" email")
}

// pkceGrant is POST /token?grant_type=pkce (exchangeCodeForSession): the code
// a PKCE callback put in redirect_to and the verifier whose challenge started
// the flow give the session, with the provider's tokens, once.
func (a *api) pkceGrant(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		AuthCode     string `json:"auth_code"`
		CodeVerifier string `json:"code_verifier"`
	}
	if err := decode(r, &p); err != nil {
		return err
	}
	if p.AuthCode == "" || p.CodeVerifier == "" {
		return validationFailed("invalid request: both auth code and code verifier should be non-empty")
	}
	notFound := &apiError{Status: http.StatusNotFound, Code: "flow_state_not_found", Msg: "invalid flow state, no valid flow state found"}
	type answer struct {
		*tokenResponse
		ProviderToken        string `json:"provider_token,omitempty"`
		ProviderRefreshToken string `json:"provider_refresh_token,omitempty"`
	}
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (*answer, error) {
		fl, err := a.store.LockFlowByAuthCode(ctx, c, p.AuthCode)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, notFound
		}
		if err != nil {
			return nil, err
		}
		if a.now().Sub(fl.Issued) > flowStateLife {
			return nil, &apiError{Status: http.StatusForbidden, Code: "flow_state_expired", Msg: "Flow state has expired"}
		}
		want := p.CodeVerifier
		if fl.Method == "s256" {
			sum := sha256.Sum256([]byte(p.CodeVerifier))
			want = base64.RawURLEncoding.EncodeToString(sum[:])
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(fl.Challenge)) != 1 {
			return nil, forbidden("bad_code_verifier", "code challenge does not match previously saved code verifier")
		}
		if err := a.store.DeleteFlowState(ctx, c, fl.ID); err != nil {
			return nil, err
		}
		s, err := a.startSession(ctx, c, fl.UserID, fl.AuthMethod, a.clientMeta(r), a.now())
		if err != nil {
			return nil, err
		}
		out := &answer{tokenResponse: s}
		if fl.ProviderToken != nil {
			out.ProviderToken = *fl.ProviderToken
		}
		if fl.ProviderRefresh != nil {
			out.ProviderRefreshToken = *fl.ProviderRefresh
		}
		return out, nil
	})
}
