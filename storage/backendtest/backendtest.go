// Package backendtest is the conformance suite every storage backend passes:
// call Run from the backend's own test with a constructor of fresh backends.
package backendtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"casarent/storage/blob"
)

// Run checks b's behaviour against the blob.Backend contract, one subtest per
// clause of it. newBackend is called once per subtest; bucket names are unique
// per call so backends that share a store (one S3 bucket) do not see each
// other's objects.
func Run(t *testing.T, newBackend func(t *testing.T) blob.Backend) {
	s := &suite{newBackend: newBackend, ctx: context.Background()}
	for _, c := range []struct {
		name string
		fn   func(*testing.T, *suite)
	}{
		{"PutOpenRoundTrip", testPutOpenRoundTrip},
		{"EmptyObject", testEmptyObject},
		{"MissingObject", testMissingObject},
		{"Replace", testReplace},
		{"RangeBySeek", testRangeBySeek},
		{"FailedPutLeavesNothing", testFailedPutLeavesNothing},
		{"FailedPutKeepsPrevious", testFailedPutKeepsPrevious},
		{"CanceledPutLeavesNothing", testCanceledPutLeavesNothing},
		{"DeleteAndCopy", testDeleteAndCopy},
		{"List", testList},
		{"Rename", testRename},
		{"ReservedAreas", testReservedAreas},
		{"InvalidNames", testInvalidNames},
		{"ConcurrentPutsSameKey", testConcurrentPutsSameKey},
	} {
		t.Run(c.name, func(t *testing.T) { c.fn(t, s) })
	}
}

// suite is what every subtest shares: fresh backends and unique bucket names.
type suite struct {
	newBackend func(t *testing.T) blob.Backend
	ctx        context.Context
	mu         sync.Mutex
	n          int
}

// bucket returns a bucket name no other subtest (nor run) uses.
func (s *suite) bucket() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	var r [4]byte
	_, _ = rand.Read(r[:])
	return fmt.Sprintf("bt-%x-%d", r, s.n)
}

func testPutOpenRoundTrip(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	data := RandomBytes(t, 300_000)
	info, err := b.Put(s.ctx, bk, "dir/sub/photo (1)!.png", bytes.NewReader(data), "image/png")
	if err != nil {
		t.Fatal(err)
	}
	if info.Size != int64(len(data)) {
		t.Fatalf("Put size = %d, want %d", info.Size, len(data))
	}
	got, oi := readAll(t, b, bk, "dir/sub/photo (1)!.png")
	if !bytes.Equal(got, data) {
		t.Fatal("read bytes differ from written bytes")
	}
	if oi.Size != int64(len(data)) || oi.LastModified.IsZero() || oi.ETag == "" {
		t.Fatalf("Open info = %+v", oi)
	}
	st, err := b.Stat(s.ctx, bk, "dir/sub/photo (1)!.png")
	if err != nil || st.Size != int64(len(data)) {
		t.Fatalf("Stat = %+v, %v", st, err)
	}
}

func testEmptyObject(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	if _, err := b.Put(s.ctx, bk, "empty.txt", bytes.NewReader(nil), "text/plain"); err != nil {
		t.Fatal(err)
	}
	got, oi := readAll(t, b, bk, "empty.txt")
	if len(got) != 0 || oi.Size != 0 {
		t.Fatalf("empty object read %d bytes, size %d", len(got), oi.Size)
	}
}

func testMissingObject(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	if _, _, err := b.Open(s.ctx, bk, "nope.txt"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Open missing: %v, want ErrNotFound", err)
	}
	if _, err := b.Stat(s.ctx, bk, "nope/deeper.txt"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Stat missing: %v, want ErrNotFound", err)
	}
	if err := b.Delete(s.ctx, bk, "nope.txt"); err != nil {
		t.Fatalf("Delete missing: %v, want nil", err)
	}
	if _, err := b.Copy(s.ctx, bk, "nope.txt", bk, "dst.txt"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Copy missing: %v, want ErrNotFound", err)
	}
}

func testReplace(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	put(t, b, bk, "a.txt", []byte("first version, longer"))
	put(t, b, bk, "a.txt", []byte("second"))
	if got, _ := readAll(t, b, bk, "a.txt"); string(got) != "second" {
		t.Fatalf("after replace read %q", got)
	}
}

func testRangeBySeek(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	data := []byte("0123456789abcdefghij")
	put(t, b, bk, "r.bin", data)
	obj, _, err := b.Open(s.ctx, bk, "r.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Close()
	end, err := obj.Seek(0, io.SeekEnd)
	if err != nil || end != int64(len(data)) {
		t.Fatalf("Seek end = %d, %v", end, err)
	}
	if _, err := obj.Seek(10, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(obj, buf); err != nil || string(buf) != "abcde" {
		t.Fatalf("range read %q, %v", buf, err)
	}
}

func testFailedPutLeavesNothing(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	r := io.MultiReader(bytes.NewReader(RandomBytes(t, 100_000)), errReader{})
	if _, err := b.Put(s.ctx, bk, "broken.bin", r, ""); err == nil {
		t.Fatal("Put with a failing reader succeeded")
	}
	if _, err := b.Stat(s.ctx, bk, "broken.bin"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("after a failed Put, Stat = %v, want ErrNotFound", err)
	}
	entries, err := b.List(s.ctx, bk, "")
	if err != nil || len(entries) != 0 {
		t.Fatalf("after a failed Put, List = %v, %v", entries, err)
	}
}

func testFailedPutKeepsPrevious(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	put(t, b, bk, "keep.txt", []byte("old content"))
	r := io.MultiReader(bytes.NewReader([]byte("new partial")), errReader{})
	if _, err := b.Put(s.ctx, bk, "keep.txt", r, ""); err == nil {
		t.Fatal("Put with a failing reader succeeded")
	}
	if got, _ := readAll(t, b, bk, "keep.txt"); string(got) != "old content" {
		t.Fatalf("previous content became %q", got)
	}
}

func testCanceledPutLeavesNothing(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	cctx, cancel := context.WithCancel(s.ctx)
	pr, pw := io.Pipe()
	first := RandomBytes(t, 64_000)
	go func() {
		_, _ = pw.Write(first)
		cancel()
		_ = pw.CloseWithError(context.Canceled)
	}()
	if _, err := b.Put(cctx, bk, "canceled.bin", pr, ""); err == nil {
		t.Fatal("Put with a canceled context succeeded")
	}
	if _, err := b.Stat(s.ctx, bk, "canceled.bin"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("after a canceled Put, Stat = %v, want ErrNotFound", err)
	}
}

func testDeleteAndCopy(t *testing.T, s *suite) {
	b, bk, other := s.newBackend(t), s.bucket(), s.bucket()
	put(t, b, bk, "src/x.txt", []byte("copy me"))
	if _, err := b.Copy(s.ctx, bk, "src/x.txt", other, "dst/y.txt"); err != nil {
		t.Fatal(err)
	}
	if got, _ := readAll(t, b, other, "dst/y.txt"); string(got) != "copy me" {
		t.Fatalf("copy read %q", got)
	}
	if err := b.Delete(s.ctx, bk, "src/x.txt"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Stat(s.ctx, bk, "src/x.txt"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("after Delete, Stat = %v", err)
	}
	if got, _ := readAll(t, b, other, "dst/y.txt"); string(got) != "copy me" {
		t.Fatalf("deleting the source changed the copy: %q", got)
	}
}

func testList(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	for _, k := range []string{"a/1.txt", "a/2.txt", "a/b/3.txt", "c.txt"} {
		put(t, b, bk, k, []byte(k))
	}
	entries, err := b.List(s.ctx, bk, "a/")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range entries {
		keys = append(keys, e.Key)
		if e.Size != int64(len(e.Key)) || e.LastModified.IsZero() {
			t.Errorf("List entry %+v: want size %d and a modification time", e, len(e.Key))
		}
	}
	want := []string{"a/1.txt", "a/2.txt", "a/b/3.txt"}
	if fmt.Sprint(keys) != fmt.Sprint(want) {
		t.Fatalf("List(a/) = %v, want %v", keys, want)
	}
	all, _ := b.List(s.ctx, bk, "")
	if len(all) != 4 {
		t.Fatalf("List() = %v", all)
	}
}

// Rename is how a staged write is published: dst replaced at once, src gone.
func testRename(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	stage := "v1/" + bk + "/dir/photo.bin"
	put(t, b, bk, "dir/photo.bin", []byte("old bytes"))
	put(t, b, blob.StageBucket, stage, []byte("new bytes, longer"))
	info, err := b.Rename(s.ctx, blob.StageBucket, stage, bk, "dir/photo.bin")
	if err != nil {
		t.Fatal(err)
	}
	if info.Size != int64(len("new bytes, longer")) {
		t.Fatalf("Rename info %+v", info)
	}
	if got, _ := readAll(t, b, bk, "dir/photo.bin"); string(got) != "new bytes, longer" {
		t.Fatalf("after Rename read %q", got)
	}
	if _, err := b.Stat(s.ctx, blob.StageBucket, stage); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("after Rename the source: %v, want ErrNotFound", err)
	}
	if left, err := b.List(s.ctx, blob.StageBucket, "v1/"+bk+"/"); err != nil || len(left) != 0 {
		t.Fatalf("after Rename the stage lists %v, %v", left, err)
	}
	// A missing source leaves the destination alone.
	if _, err := b.Rename(s.ctx, blob.StageBucket, stage, bk, "dir/photo.bin"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Rename of a missing source: %v, want ErrNotFound", err)
	}
	if got, _ := readAll(t, b, bk, "dir/photo.bin"); string(got) != "new bytes, longer" {
		t.Fatalf("a failed Rename changed the destination: %q", got)
	}
	// Into a name that did not exist, across buckets.
	other := s.bucket()
	put(t, b, blob.StageBucket, "v2/"+other+"/fresh.txt", []byte("fresh"))
	if _, err := b.Rename(s.ctx, blob.StageBucket, "v2/"+other+"/fresh.txt", other, "a/b/fresh.txt"); err != nil {
		t.Fatal(err)
	}
	if got, _ := readAll(t, b, other, "a/b/fresh.txt"); string(got) != "fresh" {
		t.Fatalf("renamed into a new name: %q", got)
	}
}

// The backend's own areas (rendered images, staged writes) are usable;
// other dot-names are not.
func testReservedAreas(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	for _, area := range []string{blob.CacheBucket, blob.StageBucket} {
		key := bk + "/x.bin"
		put(t, b, area, key, []byte(area))
		if got, _ := readAll(t, b, area, key); string(got) != area {
			t.Fatalf("%s: read %q", area, got)
		}
		if err := b.Delete(s.ctx, area, key); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Put(s.ctx, ".other", "x.bin", bytes.NewReader([]byte("x")), ""); !errors.Is(err, blob.ErrInvalidName) {
		t.Fatalf("Put in .other = %v, want ErrInvalidName", err)
	}
}

func testInvalidNames(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	for _, k := range []string{"", "../escape.txt", "a/../../escape.txt", "a//b", "/abs", "a/./b", "nul\x00.txt", "tab\t.txt"} {
		if _, err := b.Put(s.ctx, bk, k, bytes.NewReader([]byte("x")), ""); !errors.Is(err, blob.ErrInvalidName) {
			t.Errorf("Put(%q) = %v, want ErrInvalidName", k, err)
		}
	}
	if _, err := b.Put(s.ctx, "../etc", "x.txt", bytes.NewReader([]byte("x")), ""); !errors.Is(err, blob.ErrInvalidName) {
		t.Errorf("Put in bucket ../etc = %v, want ErrInvalidName", err)
	}
}

func testConcurrentPutsSameKey(t *testing.T, s *suite) {
	b, bk := s.newBackend(t), s.bucket()
	versions := make([][]byte, 6)
	for i := range versions {
		versions[i] = bytes.Repeat([]byte{byte('a' + i)}, 200_000)
	}
	var wg sync.WaitGroup
	for _, v := range versions {
		wg.Add(1)
		go func(v []byte) {
			defer wg.Done()
			if _, err := b.Put(s.ctx, bk, "race.bin", bytes.NewReader(v), ""); err != nil {
				t.Error(err)
			}
		}(v)
	}
	wg.Wait()
	got, _ := readAll(t, b, bk, "race.bin")
	for _, v := range versions {
		if bytes.Equal(got, v) {
			return
		}
	}
	t.Fatalf("after concurrent puts the object (%d bytes) is none of the versions written", len(got))
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("client went away") }

// RandomBytes returns n random bytes (content no compression or dedup shortens).
func RandomBytes(t *testing.T, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return b
}

func put(t *testing.T, b blob.Backend, bucket, key string, data []byte) {
	t.Helper()
	if _, err := b.Put(context.Background(), bucket, key, bytes.NewReader(data), "application/octet-stream"); err != nil {
		t.Fatalf("Put %s/%s: %v", bucket, key, err)
	}
}

func readAll(t *testing.T, b blob.Backend, bucket, key string) ([]byte, blob.Info) {
	t.Helper()
	obj, info, err := b.Open(context.Background(), bucket, key)
	if err != nil {
		t.Fatalf("Open %s/%s: %v", bucket, key, err)
	}
	defer obj.Close()
	data, err := io.ReadAll(obj)
	if err != nil {
		t.Fatalf("read %s/%s: %v", bucket, key, err)
	}
	return data, info
}

// AssertNoFiles fails t when any file is left under root (a filesystem
// backend's directory after a failed or aborted write).
func AssertNoFiles(t *testing.T, root string) {
	t.Helper()
	var files []string
	_ = filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 0 {
		t.Fatalf("stray files under %s: %v", root, files)
	}
}
