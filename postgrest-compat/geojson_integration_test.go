package postgrest

import (
	"context"
	"strings"
	"testing"
)

const geoAccept = "Accept: application/geo+json"

// Accept: application/geo+json answers PostgREST's FeatureCollection, built by
// PostGIS's ST_AsGeoJSON(record) in the statement (the fixture creates PostGIS in
// the unexposed extensions schema).
func TestGeoJSON(t *testing.T) {
	e := newEnv(t, 0)
	harbor := `{"type":"Feature","geometry":{"type":"Point","coordinates":[-71.10044,42.373695]},"properties":{"id":1,"name":"Harbor"}}`
	ct := header("Content-Type", "application/geo+json; charset=utf-8")
	runCases(t, e, []httpCase{
		{name: "collection", path: "/pc_places?order=id", headers: []string{geoAccept}, status: 200,
			want: `{"type":"FeatureCollection","features":[` + harbor + `,
				{"type":"Feature","geometry":{"type":"Point","coordinates":[-71.10543,42.366432]},"properties":{"id":2,"name":"Market"}},
				{"type":"Feature","geometry":{"type":null},"properties":{"id":3,"name":"Nowhere"}}]}`,
			check: func(t *testing.T, r resp) {
				ct(t, r)
				// PostgreSQL's json_build_object text, byte for byte as PostgREST sends it;
				// a NULL geometry is PostGIS's {"type": null}.
				if !strings.HasPrefix(r.body, `{"type" : "FeatureCollection", "features" : [{"type": "Feature", "geometry": {"type":"Point"`) {
					t.Fatal(r.body)
				}
			}},
		{name: "empty", path: "/pc_places?id=gt.10", headers: []string{geoAccept}, status: 200,
			want: `{"type":"FeatureCollection","features":[]}`, check: ct},
		{name: "select names the geometry", path: "/pc_places?select=id,geom&id=eq.1", headers: []string{geoAccept}, status: 200,
			want: `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-71.10044,42.373695]},"properties":{"id":1}}]}`},
		{name: "geography column", path: "/pc_zones", headers: []string{geoAccept}, status: 200,
			want: `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]},"properties":{"id":1,"name":"Square"}}]}`},
		{name: "no geometry column (PostGIS's error)", path: "/pc_authors", headers: []string{geoAccept}, status: 400,
			want: `{"code":"22023","details":null,"hint":null,"message":"geometry column is missing"}`},
		{name: "geometry not selected", path: "/pc_places?select=id,name", headers: []string{geoAccept}, status: 400,
			want: `{"code":"22023","details":null,"hint":null,"message":"geometry column is missing"}`},
		{name: "count and range", path: "/pc_places?select=id,geom&order=id&limit=1", headers: []string{geoAccept, "Prefer: count=exact"}, status: 206,
			check: header("Content-Range", "0-0/3")},
		{name: "head", method: "HEAD", path: "/pc_places", headers: []string{geoAccept}, status: 200, check: ct},
		{name: "rpc returning a row", path: "/rpc/pc_place?pid=2", headers: []string{geoAccept}, status: 200,
			want: `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-71.10543,42.366432]},"properties":{"id":2,"name":"Market"}}]}`},
		{name: "plain json keeps GeoJSON geometries", path: "/pc_places?id=eq.1", status: 200,
			want: `[{"id":1,"name":"Harbor","geom":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[-71.10044,42.373695]}}]`},
		{name: "insert with representation", method: "POST", path: "/pc_places", body: `{"id":4,"name":"Pier","geom":"SRID=4326;POINT(1 2)"}`,
			headers: []string{geoAccept, "Prefer: return=representation"}, status: 201,
			want: `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":4,"name":"Pier"}}]}`, check: ct},
		{name: "patch with representation", method: "PATCH", path: "/pc_places?id=eq.1", body: `{"name":"Old Harbor"}`,
			headers: []string{geoAccept, "Prefer: return=representation"}, status: 200,
			want: `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-71.10044,42.373695]},"properties":{"id":1,"name":"Old Harbor"}}]}`},
		{name: "PostGIS's tables are not exposed", path: "/spatial_ref_sys", status: 404,
			check: func(t *testing.T, r resp) {
				if !strings.Contains(r.body, `"PGRST205"`) {
					t.Fatal(r.body)
				}
			}},
		{name: "PostGIS's functions are not exposed", path: "/rpc/st_asgeojson", status: 404},
		{name: "OpenAPI lists no PostGIS object", path: "/", headers: []string{e.asService()}, status: 200,
			check: func(t *testing.T, r resp) {
				for _, s := range []string{"spatial_ref_sys", "geometry_columns", "/rpc/st_", "/rpc/postgis"} {
					if strings.Contains(r.body, s) {
						t.Fatalf("%s exposed", s)
					}
				}
				if !strings.Contains(r.body, `"/pc_places"`) {
					t.Fatal("pc_places missing")
				}
			}},
		{name: "delete without representation", method: "DELETE", path: "/pc_places?id=eq.4", headers: []string{geoAccept}, status: 204},
	})
}

// Without PostGIS there is no GeoJSON: 406 PGRST107 (PostgREST would run the
// statement and fail with 42883, ST_AsGeoJSON not found).
func TestGeoJSONWithoutPostGIS(t *testing.T) {
	e := newEnv(t, 0)
	if _, err := e.db.Admin.Exec(context.Background(), `drop extension postgis cascade`); err != nil {
		t.Fatal(err)
	}
	if err := e.h.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	runCases(t, e, []httpCase{
		{name: "406", path: "/pc_authors", headers: []string{geoAccept}, status: 406,
			want: `{"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/geo+json"}`},
		{name: "json still served", path: "/pc_authors?select=id&id=eq.1", status: 200, want: `[{"id":1}]`},
	})
}
