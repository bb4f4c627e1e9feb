package postgrest

import (
	"encoding/json"
	"regexp"
	"strings"
)

// A small printer for the TypeScript the generator emits, laid out the way
// postgres-meta's formatter (prettier-compatible, width 80, no semicolons)
// lays it out: an object written with a line break after "{" stays broken;
// any other group goes on one line when it fits, else breaks; a union that
// does not fit after its key goes below it, one "| member" a line; a union of
// one object with null hugs the object ("{ ... } | null").

const tsWidth = 80

type tsNode any

// tsObj is an object type; brk forces it broken; suffix follows "}" ("[]").
type tsObj struct {
	fields []tsField
	brk    bool
	suffix string
}

type tsField struct {
	key string
	opt bool
	val tsNode
}

// tsUnion is "a | b | ...".
type tsUnion []tsNode

// tsRels is a Relationships array: one object (its lines) per element.
type tsRels [][]string

// tsErr is postgres-meta's `{ error: true } & "message"`.
type tsErr string

// tsNeverKey is the mapped-type key of an empty section.
const tsNeverKey = "[_ in never]"

var tsIdent = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// tsKey prints a property key quoted only when it must be.
func tsKey(k string) string {
	if tsIdent.MatchString(k) || k == tsNeverKey {
		return k
	}
	return jsonString(k)
}

// jsonString is JSON.stringify of a string (no HTML escaping).
func jsonString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// flat is n on one line, or false when n must break.
func flat(n tsNode) (string, bool) {
	switch v := n.(type) {
	case string:
		return v, true
	case tsErr:
		return `{ error: true } & ` + jsonString(string(v)), true
	case tsUnion:
		parts := make([]string, len(v))
		for i, m := range v {
			s, ok := flat(m)
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		return strings.Join(parts, " | "), true
	case tsObj:
		if v.brk {
			return "", false
		}
		if len(v.fields) == 0 {
			return "{}" + v.suffix, true
		}
		parts := make([]string, len(v.fields))
		for i, f := range v.fields {
			s, ok := flat(f.val)
			if !ok {
				return "", false
			}
			parts[i] = fieldHead(f) + s
		}
		return "{ " + strings.Join(parts, "; ") + " }" + v.suffix, true
	}
	return "", false
}

func fieldHead(f tsField) string {
	if f.opt {
		return tsKey(f.key) + "?: "
	}
	return tsKey(f.key) + ": "
}

// hugged reports a union of one object and nulls, printed "{ ... } | null".
func hugged(u tsUnion) (tsObj, string, bool) {
	var obj *tsObj
	var rest strings.Builder
	for _, m := range u {
		switch v := m.(type) {
		case tsObj:
			if obj != nil {
				return tsObj{}, "", false
			}
			obj = &v
		case string:
			if v != "null" {
				return tsObj{}, "", false
			}
			rest.WriteString(" | null")
		default:
			return tsObj{}, "", false
		}
	}
	if obj == nil {
		return tsObj{}, "", false
	}
	return *obj, rest.String(), true
}

// printField writes "key: value" at indent.
func printField(b *strings.Builder, f tsField, indent int) {
	pad := strings.Repeat(" ", indent)
	head := fieldHead(f)
	if s, ok := flat(f.val); ok && indent+len(head)+len(s) <= tsWidth {
		b.WriteString(pad + head + s + "\n")
		return
	}
	if u, ok := f.val.(tsUnion); ok {
		if obj, rest, ok := hugged(u); ok {
			b.WriteString(pad + head)
			printBroken(b, obj, indent+2, indent)
			b.WriteString(rest + "\n")
			return
		}
		b.WriteString(pad + strings.TrimSuffix(head, " ") + "\n")
		for _, m := range u {
			b.WriteString(pad + "  | ")
			printValue(b, m, indent+4, indent+6, indent+4)
			b.WriteString("\n")
		}
		return
	}
	b.WriteString(pad + head)
	printValue(b, f.val, indent+len(head), indent+2, indent)
	b.WriteString("\n")
}

// printValue writes n where the current line already holds col characters,
// breaking it (fields at inner, "}" at closing) when it does not fit.
func printValue(b *strings.Builder, n tsNode, col, inner, closing int) {
	switch v := n.(type) {
	case tsObj:
		if s, ok := flat(v); ok && col+len(s) <= tsWidth {
			b.WriteString(s)
			return
		}
		printBroken(b, v, inner, closing)
	case tsRels:
		b.WriteString("[\n")
		for _, lines := range v {
			b.WriteString(strings.Repeat(" ", closing+2) + "{\n")
			for _, l := range lines {
				b.WriteString(strings.Repeat(" ", closing+4) + l + "\n")
			}
			b.WriteString(strings.Repeat(" ", closing+2) + "},\n")
		}
		b.WriteString(strings.Repeat(" ", closing) + "]")
	case tsErr:
		b.WriteString("{\n" + strings.Repeat(" ", inner) + "error: true\n" + strings.Repeat(" ", closing) + "} & " + jsonString(string(v)))
	default:
		s, _ := flat(n)
		b.WriteString(s)
	}
}

func printBroken(b *strings.Builder, o tsObj, inner, closing int) {
	if len(o.fields) == 0 {
		b.WriteString("{}" + o.suffix)
		return
	}
	b.WriteString("{\n")
	for _, f := range o.fields {
		printField(b, f, inner)
	}
	b.WriteString(strings.Repeat(" ", closing) + "}" + o.suffix)
}

// printJSArray writes `key: ["a", "b"],` of the Constants object.
func printJSArray(b *strings.Builder, key string, items []string, indent int) {
	pad := strings.Repeat(" ", indent)
	quoted := make([]string, len(items))
	for i, it := range items {
		quoted[i] = jsonString(it)
	}
	line := pad + tsKey(key) + ": [" + strings.Join(quoted, ", ") + "],"
	if len(line) <= tsWidth {
		b.WriteString(line + "\n")
		return
	}
	b.WriteString(pad + tsKey(key) + ": [\n")
	for _, q := range quoted {
		b.WriteString(pad + "  " + q + ",\n")
	}
	b.WriteString(pad + "],\n")
}
