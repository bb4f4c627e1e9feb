package migrations_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// Translations of cars and posts are columns of their rows, so they
// have the rows' permissions: anon reads a car's and a published post's, never a
// draft's; only administrators write them; the shape is checked.
func TestTranslationsFollowTheirRows(t *testing.T) {
	w := newWorld(t)
	w.super(t, `update public.blog_posts set translations = '{"en":{"title":"Secret draft"}}' where id = $1`, w.draftPost)
	w.super(t, `update public.blog_posts set translations = '{"en":{"title":"Published","content":"<p>x</p>","tags":["a"]},"ar":{"title":"منشور"}}' where id = $1`, w.publishedPost)
	w.super(t, `update public.cars set translations = '{"en":{"description":"A small car"}}' where id = $1`, w.carA)

	read := func(who, sql string, args ...any) []string {
		t.Helper()
		var out []string
		err := pgrole.Do(context.Background(), w.db.Pool, w.as(who), func(c pgrole.Conn) error {
			rows, err := c.Query(context.Background(), sql, args...)
			if err != nil {
				return err
			}
			out, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", who, err)
		}
		return out
	}
	for _, who := range []string{anon, user} {
		if got := read(who, `select translations->'en'->>'title' from public.blog_posts where translations ? 'en' order by 1`); len(got) != 1 || got[0] != "Published" {
			t.Errorf("%s reads post translations %v, want only the published one", who, got)
		}
		if got := read(who, `select translations->'en'->>'description' from public.cars where id = $1`, w.carA); len(got) != 1 || got[0] != "A small car" {
			t.Errorf("%s reads car translations %v", who, got)
		}
		if got := read(who, `select public.summary_translations(b)::text from public.blog_posts b where id = $1`, w.publishedPost); len(got) != 1 ||
			got[0] != `{"ar": {"title": "منشور"}, "en": {"tags": ["a"], "title": "Published"}}` {
			t.Errorf("%s: summary_translations = %v (no content, no nulls)", who, got)
		}
		for what, sql := range map[string]string{
			"post": `update public.blog_posts set translations = '{"en":{"title":"Hacked"}}'`,
			"car":  `update public.cars set translations = '{"en":{"description":"Hacked"}}'`,
		} {
			if n, err := w.try(who, sql); err == nil && n > 0 {
				t.Errorf("%s wrote %s translations (%d rows)", who, what, n)
			}
		}
	}
	if got := read(admin, `select translations->'en'->>'title' from public.blog_posts where translations ? 'en' order by 1`); len(got) != 2 {
		t.Errorf("admin reads post translations %v, want both", got)
	}
	if n, err := w.try(admin, `update public.blog_posts set translations = '{"en":{"title":"T","tags":["x"]},"ar":{"content":"<p>ن</p>"}}' where id = $1`, w.draftPost); err != nil || n != 1 {
		t.Errorf("admin writes post translations: %d %v", n, err)
	}
	if n, err := w.try(admin, `update public.cars set translations = '{"ar":{"description":"سيارة"}}' where id = $1`, w.carB); err != nil || n != 1 {
		t.Errorf("admin writes car translations: %d %v", n, err)
	}
	for _, bad := range []string{`'[]'`, `'{"de":{"title":"x"}}'`, `'{"en":"x"}'`, `'{"en":{"slug":"x"}}'`, `'{"en":{"tags":"x"}}'`, `'{"en":{"tags":[1]}}'`, `'{"en":{"title":1}}'`} {
		if _, err := w.try(admin, `update public.blog_posts set translations = `+bad+` where id = $1`, w.publishedPost); sqlState(err) != "23514" {
			t.Errorf("post translations %s: err = %v, want check violation", bad, err)
		}
	}
	if _, err := w.try(admin, `update public.cars set translations = '{"en":{"title":"x"}}' where id = $1`, w.carA); sqlState(err) != "23514" {
		t.Errorf("car translations with a post field: err = %v, want check violation", err)
	}
}

// page_meta per language: the translation when there is one, else the French.
func TestPageMetaPerLanguage(t *testing.T) {
	w := newWorld(t)
	w.super(t, `update public.blog_posts set excerpt = 'Résumé', translations = '{"en":{"title":"Published","excerpt":"Summary"}}' where id = $1`, w.publishedPost)
	meta := func(path, lang string) map[string]string {
		t.Helper()
		var m map[string]string
		err := pgrole.Do(context.Background(), w.db.Pool, w.as(anon), func(c pgrole.Conn) error {
			return c.QueryRow(context.Background(), `select public.page_meta($1, $2)`, path, lang).Scan(&m)
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := meta("/blog/publie", "en"); m["title"] != "Published" || m["description"] != "Summary" {
		t.Errorf("en: %v", m)
	}
	if m := meta("/blog/publie", "ar"); m["title"] != "Publié" || m["description"] != "Résumé" {
		t.Errorf("ar falls back to French: %v", m)
	}
	if m := meta("/blog/brouillon", "en"); m != nil {
		t.Errorf("a draft has meta: %v", m)
	}
	if m := meta("/cars/renault-clio-test", "en"); m["title"] != "Clio — Renault | Car rental Casablanca Airport" || m["description"] != "Clio Renault from 300 DH per day." {
		t.Errorf("car en: %v", m)
	}
}
