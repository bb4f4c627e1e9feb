package storage

import (
	"bytes"
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"casarent/storage/blob"
)

// transformOptions are storage-js's TransformOptions (and the render query).
type transformOptions struct {
	Width   int    `json:"width,omitempty"`
	Height  int    `json:"height,omitempty"`
	Resize  string `json:"resize,omitempty"`  // cover (default) | contain | fill
	Quality int    `json:"quality,omitempty"` // 20..100, JPEG only, default 80
	Format  string `json:"format,omitempty"`  // "origin": the output keeps the input's format

	// asked is storage-api's X-Transformations value for this request
	// ("height:10,width:20,resizing_type:fill,quality:70"): what was asked,
	// before the sizes are snapped.
	asked string
}

func (t *transformOptions) empty() bool {
	return t.Width == 0 && t.Height == 0
}

const maxDimension = 2500

// parseTransform reads width/height/resize/quality/format from a query or a
// token's "width:100,height:50" string.
func parseTransform(get func(string) string) (*transformOptions, error) {
	t := &transformOptions{Resize: "cover", Quality: 80}
	for _, f := range []struct {
		name string
		dst  *int
		max  int
	}{{"width", &t.Width, maxDimension}, {"height", &t.Height, maxDimension}, {"quality", &t.Quality, 100}} {
		v := get(f.name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > f.max {
			return nil, errInvalidRequest(fmt.Sprintf("%s must be an integer between 1 and %d", f.name, f.max))
		}
		*f.dst = n
	}
	if t.Quality < 20 {
		t.Quality = 20
	}
	if v := get("resize"); v != "" {
		switch v {
		case "cover", "contain", "fill":
			t.Resize = v
		default:
			return nil, errInvalidRequest("resize must be cover, contain or fill")
		}
	}
	t.Format = get("format")
	t.asked = askedTransformations(get)
	return t, nil
}

// askedTransformations writes the options as storage-api's ImageRenderer
// lists them for imgproxy (and echoes them in X-Transformations): height,
// width, the resizing type when a side is given (cover → fill, contain → fit,
// fill → force), quality and format (not "origin") when given.
func askedTransformations(get func(string) string) string {
	var parts []string
	num := func(k string) string { // as the integer storage-api parsed ("020" → "20")
		if n, err := strconv.Atoi(get(k)); err == nil {
			return strconv.Itoa(n)
		}
		return get(k)
	}
	h, w := num("height"), num("width")
	if h != "" {
		parts = append(parts, "height:"+h)
	}
	if w != "" {
		parts = append(parts, "width:"+w)
	}
	if h != "" || w != "" {
		rt := map[string]string{"contain": "fit", "fill": "force"}[get("resize")]
		if rt == "" {
			rt = "fill"
		}
		parts = append(parts, "resizing_type:"+rt)
	}
	if q := num("quality"); q != "" {
		parts = append(parts, "quality:"+q)
	}
	if f := get("format"); f != "" && f != "origin" {
		parts = append(parts, "format:"+f)
	}
	return strings.Join(parts, ",")
}

func transformFromToken(s string) (*transformOptions, error) {
	vals := map[string]string{}
	for kv := range strings.SplitSeq(s, ",") {
		if k, v, ok := strings.Cut(kv, ":"); ok {
			vals[k] = v
		}
	}
	return parseTransform(func(k string) string { return vals[k] })
}

// renderPublic is GET /render/image/public/{bucket}/{name}.
func (s *Service) renderPublic(w http.ResponseWriter, r *http.Request) error {
	bucket, key := objectPath(r)
	t, err := parseTransform(r.URL.Query().Get)
	if err != nil {
		return err
	}
	o, err := s.findPublicObject(r, bucket, key)
	if err != nil {
		return err
	}
	return s.renderImage(w, r, o, t)
}

// renderAuthenticated is GET /render/image/authenticated/{bucket}/{name}
// (storage-js download() with transform).
func (s *Service) renderAuthenticated(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	bucket, key := objectPath(r)
	t, err := parseTransform(r.URL.Query().Get)
	if err != nil {
		return err
	}
	o, err := s.findObject(r.Context(), c.session, bucket, key)
	if err != nil {
		return err
	}
	return s.renderImage(w, r, o, t)
}

// renderSigned is GET /render/image/sign/{bucket}/{name}?token= (a signed URL
// created with transform options; the options are in the token).
func (s *Service) renderSigned(w http.ResponseWriter, r *http.Request) error {
	bucket, key := objectPath(r)
	claims, err := s.verifySigned(r.URL.Query().Get("token"), bucket, key, scopeDownload)
	if err != nil {
		return err
	}
	t, err := transformFromToken(claims.Transformations)
	if err != nil {
		return err
	}
	o, err := s.findObject(r.Context(), service(r), bucket, key)
	if err != nil {
		return err
	}
	return s.renderImage(w, r, o, t)
}

// renderImage resizes JPEG and PNG objects; other types (GIF, WebP, SVG...)
// and requests without a size are served as stored. What a render may cost:
//
//   - sizes and quality are snapped (snapTransform), so the variants of one
//     object are few whatever the URLs say;
//   - renditions are cached (renderCache: bounded in bytes, least recently
//     used out), keyed by the object's ETag and the snapped options, so a
//     replaced object never shows a stale rendition; a hit costs nothing else;
//   - a miss spends one of the client address's renders (RenderLimiter: 429
//     with Retry-After when none is left) and waits for one of a few render
//     slots (503 with Retry-After when none frees up in time).
func (s *Service) renderImage(w http.ResponseWriter, r *http.Request, o *objectRow, t *transformOptions) error {
	if !s.cfg.ImageTransformation {
		return &apiError{status: 400, code: "FeatureNotEnabled", message: "Image transformation is not enabled"}
	}
	if t.empty() {
		return s.serve(w, r, o, 0)
	}
	// The bytes decide, not the stored content type (storage-api hands every
	// render to imgproxy, which reads the file): a JPEG uploaded as
	// text/plain is resized, a text stays a text.
	mt, err := s.sniffStored(r, o)
	if err != nil {
		return err
	}
	if mt != "image/jpeg" && mt != "image/png" {
		return s.serve(w, r, o, 0)
	}
	s.snapTransform(t, mt)
	cacheKey, etag := renditionKeys(o, t)
	h := w.Header()
	setObjectHeaders(h, r, o, 0)
	h.Set("Content-Type", mt)
	h.Set("ETag", etag)
	if t.asked != "" {
		h.Set("X-Transformations", t.asked)
	}
	if notModified(r, etag) { // the client holds this very rendition: no need to have it
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	if cached, ok := s.renders.get(r.Context(), cacheKey); ok {
		serveRendition(w, r, o, cached)
		return nil
	}
	if err := s.renderMiss(w, r, o, t, mt, cacheKey); err != nil {
		// The rendition's headers do not describe the error answer.
		for _, k := range []string{"ETag", "Cache-Control", "Content-Type", "Accept-Ranges", "X-Transformations"} {
			h.Del(k)
		}
		return err
	}
	return nil
}

// renditionKeys names a rendition of o by the object's version and the snapped
// options: its key in the render cache and the ETag it is served with.
func renditionKeys(o *objectRow, t *transformOptions) (cacheKey, etag string) {
	sum := sha256.Sum256([]byte(o.Bucket + "\x00" + o.Name + "\x00" + o.Meta.ETag + "\x00" + t.cacheKey()))
	id := hex.EncodeToString(sum[:])
	return id[:2] + "/" + id, `"r-` + id[:32] + `"`
}

// serveRendition answers with a rendition the cache holds.
func serveRendition(w http.ResponseWriter, r *http.Request, o *objectRow, cached blob.Object) {
	defer cached.Close()
	w.Header().Set("X-Transformation-Cache", "HIT")
	http.ServeContent(w, r, "", o.UpdatedAt, cached)
}

// renderMiss makes a rendition the cache does not hold: it spends one of the
// client address's renders, waits for a render slot, and serves (and caches)
// what the transform gives, unless the same rendition was cached meanwhile.
func (s *Service) renderMiss(w http.ResponseWriter, r *http.Request, o *objectRow, t *transformOptions, mt, cacheKey string) error {
	ok, wait, err := s.limiter.Take(r.Context(), renderClient(r, s.cfg.ClientIPHeader))
	if err != nil {
		return errInternal(err)
	}
	if !ok {
		return errRenderLimited(wait)
	}
	release, ok := s.slots.acquire(r.Context())
	if !ok {
		return errRenderBusy()
	}
	// The same rendition may have been made while this request waited.
	if cached, ok := s.renders.get(r.Context(), cacheKey); ok {
		release()
		serveRendition(w, r, o, cached)
		return nil
	}
	out, cacheable, err := s.transform(r, o, t, mt)
	release()
	if err != nil {
		return err
	}
	if cacheable {
		s.renders.put(r.Context(), cacheKey, out, mt)
	}
	w.Header().Set("X-Transformation-Cache", "MISS")
	http.ServeContent(w, r, "", o.UpdatedAt, bytes.NewReader(out))
	return nil
}

// sniffStored returns the media type the object's first bytes show. Results
// are remembered per ETag (a replaced object has another), so a render served
// from the cache costs no read of the object.
func (s *Service) sniffStored(r *http.Request, o *objectRow) (string, error) {
	key := o.Bucket + "\x00" + o.Name + "\x00" + o.Meta.ETag
	if mt, ok := s.sniffed.get(key); ok {
		return mt, nil
	}
	obj, _, err := s.openCurrent(r.Context(), o)
	if err != nil {
		if errors.Is(err, blob.ErrNotFound) {
			return "", errNoSuchKey()
		}
		return "", errInternal(err)
	}
	defer obj.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(obj, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", errInternal(err)
	}
	mt := sniff(head[:n])
	s.sniffed.put(key, mt)
	return mt, nil
}

// sniffMemo is a small bounded memo of sniffStored's answers (forgotten all
// at once when full: entries are cheap to find again).
type sniffMemo struct {
	mu sync.Mutex
	m  map[string]string
}

const sniffMemoMax = 4096

func (c *sniffMemo) get(k string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *sniffMemo) put(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= sniffMemoMax {
		c.m = map[string]string{}
	}
	c.m[k] = v
}

// notModified reports whether If-None-Match names etag (a rendition's ETag
// depends only on the object's ETag and the snapped options).
func notModified(r *http.Request, etag string) bool {
	for tag := range strings.SplitSeq(r.Header.Get("If-None-Match"), ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == etag || tag == "*" {
			return true
		}
	}
	return false
}

func errRenderLimited(wait time.Duration) *apiError {
	return &apiError{status: 429, http: http.StatusTooManyRequests, code: "SlowDown", errText: "Too Many Requests",
		message: "Too many image transformations from this address; please retry later", retryAfter: wait}
}

func errRenderBusy() *apiError {
	return &apiError{status: 503, http: http.StatusServiceUnavailable, code: "SlowDown", errText: "Service Unavailable",
		message: "Image transformation is busy; please retry shortly", retryAfter: time.Second}
}

// renderQualities are the JPEG qualities a request is snapped to (nearest).
var renderQualities = []int{40, 60, 80, 90, 100}

// snapTransform rounds width and height up to the next configured size (the
// largest one above them all) and quality to the nearest of renderQualities
// (PNG has none). With one side only, the resize mode plays no part.
func (s *Service) snapTransform(t *transformOptions, mt string) {
	up := func(n int) int {
		if n <= 0 {
			return 0
		}
		sizes := s.cfg.RenderSizes
		if i, _ := slices.BinarySearch(sizes, n); i < len(sizes) {
			return sizes[i]
		}
		return sizes[len(sizes)-1]
	}
	t.Width, t.Height = up(t.Width), up(t.Height)
	if t.Width == 0 || t.Height == 0 {
		t.Resize = "cover"
	}
	if mt != "image/jpeg" {
		t.Quality = 0
		return
	}
	best := renderQualities[0]
	for _, q := range renderQualities {
		if abs(q-t.Quality) <= abs(best-t.Quality) {
			best = q
		}
	}
	t.Quality = best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// cacheKey names what the output depends on (the format option does not: the
// output keeps the input's format).
func (t *transformOptions) cacheKey() string {
	return fmt.Sprintf("w%d,h%d,%s,q%d", t.Width, t.Height, t.Resize, t.Quality)
}

// transform decodes and resizes the object. The rendition may be cached only
// if the bytes read are the ones the row's ETag names (an MD5): a read racing
// a replace must not file new bytes under the old ETag, or the reverse.
func (s *Service) transform(r *http.Request, o *objectRow, t *transformOptions, mt string) (out []byte, cacheable bool, err error) {
	obj, _, err := s.openCurrent(r.Context(), o)
	if err != nil {
		if errors.Is(err, blob.ErrNotFound) {
			return nil, false, errNoSuchKey()
		}
		return nil, false, errInternal(err)
	}
	defer obj.Close()
	cfg, _, err := image.DecodeConfig(obj)
	if err != nil {
		return nil, false, errInvalidRequest("the object is not a decodable image: " + err.Error())
	}
	if int64(cfg.Width)*int64(cfg.Height) > s.cfg.ImageMaxPixels {
		return nil, false, errInvalidRequest("the image is too large to transform")
	}
	// The output's size is known from the declared one: refuse before the
	// source is decoded (up to ImageMaxPixels) or the output allocated.
	if _, err := renderGeometry(cfg.Width, cfg.Height, t); err != nil {
		return nil, false, err
	}
	if _, err := obj.Seek(0, io.SeekStart); err != nil {
		return nil, false, errInternal(err)
	}
	sum := md5.New()
	src, _, err := image.Decode(io.TeeReader(obj, sum))
	if err != nil {
		return nil, false, errInvalidRequest("the object is not a decodable image: " + err.Error())
	}
	if _, err := io.Copy(sum, obj); err != nil { // what the decoder left (trailing bytes)
		return nil, false, errInternal(err)
	}
	cacheable = strings.Trim(o.Meta.ETag, `"`) == hex.EncodeToString(sum.Sum(nil))
	dst, err := resize(src, t)
	if err != nil {
		return nil, false, err
	}
	var buf bytes.Buffer
	if mt == "image/png" {
		err = png.Encode(&buf, dst)
	} else {
		err = jpeg.Encode(&buf, dst, &jpeg.Options{Quality: t.Quality})
	}
	if err != nil {
		return nil, false, errInternal(err)
	}
	return buf.Bytes(), cacheable, nil
}
