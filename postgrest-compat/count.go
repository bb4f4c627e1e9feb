package postgrest

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"

	"casarent/server/pgrole"
)

// planCount carries Prefer: count=planned and count=estimated on a read of a
// table or view (Query.hs resultSetWTotal): after the statement, the planner's
// row estimate of the count query (EXPLAIN). planned takes the estimate;
// estimated keeps the exact total (counted up to max-rows + 1) unless it goes
// past max-rows (always, without max-rows), then takes the larger of the two.
type planCount struct {
	sql       string // EXPLAIN (FORMAT JSON) of the count query
	args      []any
	estimated bool
	maxRows   int64 // 0 = unlimited
}

func newPlanCount(countSQL string, args []any, estimated bool, maxRows int) *planCount {
	q, a := renumberParams(countSQL, args)
	return &planCount{sql: "EXPLAIN (FORMAT JSON) " + q, args: a, estimated: estimated, maxRows: int64(maxRows)}
}

func (pc *planCount) apply(ctx context.Context, c pgrole.Conn, res *result) error {
	if pc.estimated && pc.maxRows > 0 && res.total != nil && *res.total <= pc.maxRows {
		return nil
	}
	var out string
	if err := c.QueryRow(ctx, pc.sql, pc.args...).Scan(&out); err != nil {
		return err
	}
	n, err := planRows(out)
	if err != nil {
		return err
	}
	if pc.estimated && res.total != nil && *res.total > n {
		n = *res.total
	}
	res.total = &n
	return nil
}

// planRows reads "Plan Rows" of the top node of EXPLAIN (FORMAT JSON).
func planRows(explain string) (int64, error) {
	var plans []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(explain), &plans); err != nil {
		return 0, err
	}
	if len(plans) == 0 {
		return 0, errors.New("postgrest: empty EXPLAIN output")
	}
	return int64(plans[0].Plan.Rows), nil
}

var paramRef = regexp.MustCompile(`\$([0-9]+)`)

// renumberParams keeps only the parameters a fragment of the statement uses
// ($3, $1 -> $1, $2 in order of first use), so it can run on its own: the
// server cannot type a parameter nothing references. Parameter references only
// occur as $n outside identifiers and literals in the builder's SQL.
func renumberParams(sql string, args []any) (string, []any) {
	seen := map[int]int{}
	var out []any
	q := paramRef.ReplaceAllStringFunc(sql, func(m string) string {
		i, err := strconv.Atoi(m[1:])
		if err != nil || i < 1 || i > len(args) {
			return m
		}
		j, ok := seen[i]
		if !ok {
			out = append(out, args[i-1])
			j = len(out)
			seen[i] = j
		}
		return "$" + strconv.Itoa(j)
	})
	return q, out
}
