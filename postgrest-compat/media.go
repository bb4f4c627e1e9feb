package postgrest

import "strings"

// media is the negotiated response representation.
type media int

const (
	mediaJSON media = iota
	mediaObject
	mediaCSV
	mediaOpenAPI
)

type accept struct {
	media    media
	stripped bool // nulls=stripped
}

func (a accept) contentType() string {
	switch a.media {
	case mediaObject:
		if a.stripped {
			return "application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8"
		}
		return "application/vnd.pgrst.object+json; charset=utf-8"
	case mediaCSV:
		return "text/csv; charset=utf-8"
	case mediaOpenAPI:
		return "application/openapi+json; charset=utf-8"
	}
	if a.stripped {
		return "application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8"
	}
	return "application/json; charset=utf-8"
}

// negotiate picks the first media type of the Accept header we can produce.
func negotiate(h string, root bool) (accept, error) {
	if strings.TrimSpace(h) == "" {
		if root {
			return accept{media: mediaOpenAPI}, nil
		}
		return accept{}, nil
	}
	for _, part := range strings.Split(h, ",") {
		fields := strings.Split(part, ";")
		mt := strings.ToLower(strings.TrimSpace(fields[0]))
		stripped := false
		for _, prm := range fields[1:] {
			k, v, _ := strings.Cut(strings.TrimSpace(prm), "=")
			if strings.ToLower(k) == "nulls" && strings.ToLower(v) == "stripped" {
				stripped = true
			}
		}
		if root {
			switch mt {
			case "application/openapi+json", "application/json", "*/*", "application/*":
				return accept{media: mediaOpenAPI}, nil
			}
			continue
		}
		switch mt {
		case "application/json", "*/*", "application/*":
			return accept{}, nil
		case "application/vnd.pgrst.array+json", "application/vnd.pgrst.array":
			return accept{stripped: stripped}, nil
		case "application/vnd.pgrst.object+json", "application/vnd.pgrst.object":
			return accept{media: mediaObject, stripped: stripped}, nil
		case "text/csv", "text/*":
			return accept{media: mediaCSV}, nil
		}
	}
	return accept{}, newErr(406, "PGRST107", "None of these media types are available: "+strings.TrimSpace(h))
}
