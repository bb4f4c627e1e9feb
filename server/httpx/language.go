package httpx

import (
	"sort"
	"strconv"
	"strings"
)

// AcceptedLanguages lists the language tags of an Accept-Language header by
// preference: highest q first, the header's order among equals; "*" and tags
// refused with q=0 are left out. The tags are as sent (case, region kept).
func AcceptedLanguages(header string) []string {
	type tag struct {
		name string
		q    float64
	}
	var tags []tag
	for part := range strings.SplitSeq(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		name := strings.TrimSpace(fields[0])
		q := 1.0
		for _, p := range fields[1:] {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		if name != "" && name != "*" && q > 0 {
			tags = append(tags, tag{name, q})
		}
	}
	sort.SliceStable(tags, func(a, b int) bool { return tags[a].q > tags[b].q })
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = t.name
	}
	return out
}
