package functions

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// functionConfig is one [functions.<name>] table of supabase/config.toml.
type functionConfig struct {
	VerifyJWT  *bool  // verify_jwt (nil: the default, true)
	ImportMap  string // import_map, relative to config.toml's folder
	Entrypoint string // entrypoint, relative to config.toml's folder
}

// parseFunctionsConfig reads the subset of TOML config.toml's function tables use:
// [functions.<name>] headers (name bare or quoted) and key = string | bool lines.
// Other tables and keys are skipped; a malformed line in a function table is an error.
func parseFunctionsConfig(r io.Reader) (map[string]*functionConfig, error) {
	out := map[string]*functionConfig{}
	var cur *functionConfig
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(stripComment(sc.Text()))
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "[") {
			cur = nil
			header := strings.TrimSpace(strings.Trim(line, "[]"))
			if rest, ok := strings.CutPrefix(header, "functions."); ok {
				name := strings.TrimSpace(rest)
				if uq, err := strconv.Unquote(name); err == nil {
					name = uq
				} else if strings.HasPrefix(name, "'") && strings.HasSuffix(name, "'") && len(name) > 1 {
					name = name[1 : len(name)-1]
				}
				cur = out[name]
				if cur == nil {
					cur = &functionConfig{}
					out[name] = cur
				}
			}
			continue
		}
		if cur == nil {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("config.toml line %d: expected key = value", n)
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "verify_jwt":
			b, err := strconv.ParseBool(val)
			if err != nil {
				return nil, fmt.Errorf("config.toml line %d: verify_jwt must be true or false", n)
			}
			cur.VerifyJWT = &b
		case "import_map", "entrypoint":
			s, err := tomlString(val)
			if err != nil {
				return nil, fmt.Errorf("config.toml line %d: %s: %w", n, key, err)
			}
			if key == "import_map" {
				cur.ImportMap = s
			} else {
				cur.Entrypoint = s
			}
		}
	}
	return out, sc.Err()
}

func tomlString(v string) (string, error) {
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return v[1 : len(v)-1], nil
	}
	if s, err := strconv.Unquote(v); err == nil && strings.HasPrefix(v, `"`) {
		return s, nil
	}
	return "", fmt.Errorf("expected a quoted string, not %s", v)
}

// stripComment drops a # comment that is not inside a quoted string.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == '\\' && quote == '"':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case quote == 0 && c == '#':
			return line[:i]
		}
	}
	return line
}

// parseDotenv reads KEY=VALUE lines (optional "export ", quotes, # comments), the
// format of supabase/functions/.env.
func parseDotenv(r io.Reader) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		k = strings.TrimSpace(k)
		if !ok || !envName.MatchString(k) {
			return nil, fmt.Errorf(".env line %d: expected NAME=value", n)
		}
		v = strings.TrimSpace(v)
		switch {
		case len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"':
			if uq, err := strconv.Unquote(v); err == nil {
				v = uq
			} else {
				v = v[1 : len(v)-1]
			}
		case len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'':
			v = v[1 : len(v)-1]
		default:
			v = strings.TrimSpace(stripComment(v))
		}
		out[k] = v
	}
	return out, sc.Err()
}
