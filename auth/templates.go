package auth

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"sort"
	"strconv"
	"strings"
	texttemplate "text/template"
)

//go:embed templates
var templateFS embed.FS

// Email kinds, one set of strings per language in templates/<lang>.json.
const (
	kindConfirmation = "confirmation"
	kindRecovery     = "recovery"
	kindMagicLink    = "magic_link"
	kindInvite       = "invite"
	kindEmailChange  = "email_change"
	// kindReauthentication carries a code only (GET /reauthenticate), no link.
	kindReauthentication = "reauthentication"
)

var languages = []string{"fr", "en", "ar"}

const defaultLanguage = "fr"

type kindStrings struct {
	Subject string `json:"subject"`
	Heading string `json:"heading"`
	Intro   string `json:"intro"`
	Action  string `json:"action"`
	Ignore  string `json:"ignore"`
}

type commonStrings struct {
	Greeting     string `json:"greeting"`
	GreetingName string `json:"greeting_name"`
	LinkHint     string `json:"link_hint"`
	CodeHint     string `json:"code_hint"`
}

type langStrings struct {
	Common commonStrings           `json:"common"`
	Kinds  map[string]*kindStrings `json:"-"`
}

type templates struct {
	html  *htmltemplate.Template
	text  *texttemplate.Template
	langs map[string]*langStrings
}

func mustLoadTemplates() *templates {
	t, err := loadTemplates()
	if err != nil {
		panic(err)
	}
	return t
}

func loadTemplates() (*templates, error) {
	t := &templates{langs: map[string]*langStrings{}}
	var err error
	if t.html, err = htmltemplate.ParseFS(templateFS, "templates/layout.html"); err != nil {
		return nil, err
	}
	if t.text, err = texttemplate.ParseFS(templateFS, "templates/layout.txt"); err != nil {
		return nil, err
	}
	for _, lang := range languages {
		b, err := templateFS.ReadFile("templates/" + lang + ".json")
		if err != nil {
			return nil, err
		}
		raw := map[string]json.RawMessage{}
		if err := json.Unmarshal(b, &raw); err != nil {
			return nil, err
		}
		ls := &langStrings{Kinds: map[string]*kindStrings{}}
		if err := json.Unmarshal(raw["common"], &ls.Common); err != nil {
			return nil, err
		}
		for _, k := range []string{kindConfirmation, kindRecovery, kindMagicLink, kindInvite, kindEmailChange, kindReauthentication} {
			ks := &kindStrings{}
			if err := json.Unmarshal(raw[k], ks); err != nil || ks.Subject == "" || ks.Action == "" {
				return nil, fmt.Errorf("auth: templates/%s.json: kind %q missing or incomplete", lang, k)
			}
			ls.Kinds[k] = ks
		}
		t.langs[lang] = ls
	}
	return t, nil
}

// emailData is what the layouts see.
type emailData struct {
	Lang, Dir, Align string
	Subject          string
	Greeting         string
	S                kindStrings
	Common           commonStrings
	ConfirmationURL  string
	Token            string // the one-time code, when the message carries one
}

// emailVars fill the {placeholders} of the strings.
type emailVars struct {
	Site, Email, NewEmail, Name string
}

// render builds the subject, HTML and text of one email.
func (t *templates) render(kind, lang string, v emailVars, link, otp string) (subject, html, text string, err error) {
	ls, ok := t.langs[lang]
	if !ok {
		ls = t.langs[defaultLanguage]
		lang = defaultLanguage
	}
	ks := ls.Kinds[kind]
	rep := strings.NewReplacer("{site}", v.Site, "{email}", v.Email, "{new_email}", v.NewEmail, "{name}", v.Name)
	s := kindStrings{Subject: rep.Replace(ks.Subject), Heading: rep.Replace(ks.Heading), Intro: rep.Replace(ks.Intro),
		Action: rep.Replace(ks.Action), Ignore: rep.Replace(ks.Ignore)}
	greeting := ls.Common.Greeting
	if v.Name != "" {
		greeting = rep.Replace(ls.Common.GreetingName)
	}
	d := emailData{Lang: lang, Dir: "ltr", Align: "left", Subject: s.Subject, Greeting: greeting, S: s,
		Common: ls.Common, ConfirmationURL: link, Token: otp}
	if lang == "ar" {
		d.Dir, d.Align = "rtl", "right"
	}
	var hb, tb bytes.Buffer
	if err := t.html.Execute(&hb, d); err != nil {
		return "", "", "", err
	}
	if err := t.text.Execute(&tb, d); err != nil {
		return "", "", "", err
	}
	return s.Subject, hb.String(), tb.String(), nil
}

// pickLanguage: the user's metadata "locale" (or "language"), else the best
// supported language of Accept-Language, else French.
func pickLanguage(userMeta map[string]any, acceptLanguage string) string {
	for _, k := range []string{"locale", "language", "lang"} {
		if s, ok := userMeta[k].(string); ok {
			if l := baseLanguage(s); l != "" {
				return l
			}
		}
	}
	type cand struct {
		lang string
		q    float64
		pos  int
	}
	var cands []cand
	for i, part := range strings.Split(acceptLanguage, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if p := strings.TrimSpace(params); strings.HasPrefix(p, "q=") {
			if f, err := strconv.ParseFloat(p[2:], 64); err == nil {
				q = f
			}
		}
		if l := baseLanguage(tag); l != "" && q > 0 {
			cands = append(cands, cand{l, q, i})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].q > cands[j].q })
	if len(cands) > 0 {
		return cands[0].lang
	}
	return defaultLanguage
}

func baseLanguage(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	base, _, _ := strings.Cut(strings.ReplaceAll(tag, "_", "-"), "-")
	for _, l := range languages {
		if base == l {
			return l
		}
	}
	return ""
}
