package storage

import (
	"bytes"
	"mime"
	"net/http"
	"strings"
)

// mediaType returns the type/subtype of a Content-Type value, lower-cased,
// without parameters; "" when it is not one.
func mediaType(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || !strings.Contains(mt, "/") {
		return ""
	}
	return mt
}

// sniff returns the media type the first bytes of a file show, or "" when
// they show nothing specific (unknown binary data).
func sniff(head []byte) string {
	if isSVG(head) {
		return "image/svg+xml"
	}
	mt := mediaType(http.DetectContentType(head))
	if mt == "application/octet-stream" {
		return ""
	}
	return mt
}

// isSVG recognises an SVG document (http.DetectContentType calls it text/xml
// or text/plain).
func isSVG(head []byte) bool {
	h := bytes.TrimLeft(head, "\xef\xbb\xbf \t\r\n")
	if !bytes.HasPrefix(h, []byte("<")) {
		return false
	}
	return bytes.Contains(bytes.ToLower(h), []byte("<svg"))
}

// compatible reports whether the declared type and the sniffed one describe
// the same kind of content. Text sniffing is coarse (JSON, CSV and JS look
// like text/plain), so a declared text-ish type is accepted for plain text;
// anything else must agree on the whole type.
func compatible(declared, sniffed string) bool {
	if sniffed == "" || declared == sniffed {
		return true
	}
	if sniffed == "text/plain" {
		return !strings.HasPrefix(declared, "image/") || declared == "image/svg+xml"
	}
	if sniffed == "text/xml" && (declared == "application/xml" || strings.HasSuffix(declared, "+xml")) {
		return true
	}
	return false
}

// mimeAllowed matches mt against a bucket's allowed_mime_types: exact types
// or "type/*" wildcards (and "*/*"). An empty list allows everything.
func mimeAllowed(mt string, allowed []string) bool {
	if len(allowed) == 0 {
		return true
	}
	major, _, _ := strings.Cut(mt, "/")
	for _, a := range allowed {
		a = strings.ToLower(strings.TrimSpace(a))
		if base := mediaType(a); base != "" {
			a = base
		}
		if a == mt || a == "*/*" || a == "*" || a == major+"/*" {
			return true
		}
	}
	return false
}
