package postgrest

import (
	"slices"
	"strings"
)

// media is the negotiated response representation.
type media int

const (
	mediaJSON media = iota
	mediaObject
	mediaCSV
	mediaOpenAPI
	mediaGeoJSON
)

type accept struct {
	media    media
	stripped bool       // nulls=stripped
	plan     *planMedia // application/vnd.pgrst.plan: the plan of the statement built for media
	geoJSON  string     // mediaGeoJSON: PostGIS's ST_AsGeoJSON(record), schema-qualified (Cache.GeoJSON)
}

// planMedia is Accept: application/vnd.pgrst.plan[+json|+text]; for="<media>";
// options=analyze|verbose|settings|buffers|wal (PostgREST's MTVndPlan), served
// only when Options.PlanEnabled is set (db-plan-enabled).
type planMedia struct {
	json     bool
	opts     []string // in PostgREST's order
	forMedia string   // the media type of the for= parameter, as PostgREST renders it
}

var planOptions = []string{"analyze", "verbose", "settings", "buffers", "wal"}

// explainSQL is the EXPLAIN prefix for the statement.
func (pm *planMedia) explainSQL() string {
	f := "FORMAT TEXT"
	if pm.json {
		f = "FORMAT JSON"
	}
	for _, o := range pm.opts {
		f += ", " + strings.ToUpper(o)
	}
	return "EXPLAIN (" + f + ") "
}

func (pm *planMedia) analyze() bool { return slices.Contains(pm.opts, "analyze") }

func (a accept) mime() string {
	switch a.media {
	case mediaObject:
		if a.stripped {
			return "application/vnd.pgrst.object+json;nulls=stripped"
		}
		return "application/vnd.pgrst.object+json"
	case mediaCSV:
		return "text/csv"
	case mediaGeoJSON:
		return "application/geo+json"
	}
	if a.stripped {
		return "application/vnd.pgrst.array+json;nulls=stripped"
	}
	return "application/json"
}

func (a accept) contentType() string {
	if pm := a.plan; pm != nil {
		f := "text"
		if pm.json {
			f = "json"
		}
		ct := "application/vnd.pgrst.plan+" + f + `; for="` + pm.forMedia + `"`
		if len(pm.opts) > 0 {
			ct += "; options=" + strings.Join(pm.opts, "|")
		}
		return ct + "; charset=utf-8"
	}
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
	case mediaGeoJSON:
		return "application/geo+json; charset=utf-8"
	}
	if a.stripped {
		return "application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8"
	}
	return "application/json; charset=utf-8"
}

// negotiatePlan is negotiate, with the plan media types when plans are enabled.
func negotiatePlan(h string, planEnabled bool) (accept, error) {
	if planEnabled {
		for part := range strings.SplitSeq(h, ",") {
			fields := strings.Split(part, ";")
			mt := strings.ToLower(strings.TrimSpace(fields[0]))
			pm := &planMedia{}
			switch mt {
			case "application/vnd.pgrst.plan", "application/vnd.pgrst.plan+text":
			case "application/vnd.pgrst.plan+json":
				pm.json = true
			default:
				continue
			}
			forMT := "application/json"
			var opts []string
			for _, prm := range fields[1:] {
				k, v, _ := strings.Cut(strings.TrimSpace(prm), "=")
				switch strings.ToLower(k) {
				case "for":
					forMT = strings.Trim(strings.TrimSpace(v), `"`)
				case "options":
					opts = strings.Split(strings.ToLower(strings.TrimSpace(v)), "|")
				}
			}
			for _, o := range planOptions {
				if slices.Contains(opts, o) {
					pm.opts = append(pm.opts, o)
				}
			}
			inner, err := negotiate(forMT, false)
			if err != nil {
				return accept{}, err
			}
			inner.plan = pm
			pm.forMedia = inner.mime()
			return inner, nil
		}
	}
	return negotiate(h, false)
}

// negotiate picks the first media type of the Accept header we can produce.
func negotiate(h string, root bool) (accept, error) {
	if strings.TrimSpace(h) == "" {
		if root {
			return accept{media: mediaOpenAPI}, nil
		}
		return accept{}, nil
	}
	for part := range strings.SplitSeq(h, ",") {
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
		case "application/geo+json":
			return accept{media: mediaGeoJSON}, nil
		}
	}
	return accept{}, newErr(406, "PGRST107", "None of these media types are available: "+strings.TrimSpace(h))
}

// negotiate is negotiatePlan for a request on this snapshot: GeoJSON is
// available only when PostGIS's ST_AsGeoJSON(record) exists (PostgREST offers it
// always and fails in PostgreSQL without PostGIS: 404 42883).
func (rc *reqCtx) negotiate() (accept, error) {
	h := rc.r.Header.Get("Accept")
	acc, err := negotiatePlan(h, rc.h.opts.PlanEnabled)
	if err != nil || acc.media != mediaGeoJSON {
		return acc, err
	}
	if rc.cache.GeoJSON == "" {
		return accept{}, newErr(406, "PGRST107", "None of these media types are available: "+strings.TrimSpace(h))
	}
	acc.geoJSON = rc.cache.GeoJSON
	return acc, nil
}
