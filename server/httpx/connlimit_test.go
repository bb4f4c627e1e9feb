package httpx

import (
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// Over the total cap a connection is closed at once; a closed one frees its place.
func TestLimitListenerCapsTheTotal(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := NewLimitListener(inner, 2, 0)
	defer ln.Close()
	accepted := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	closedByServer := func(c net.Conn) bool {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, err := c.Read(make([]byte, 1))
		return err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
	}
	dial()
	dial()
	first, second := <-accepted, <-accepted
	if !closedByServer(dial()) {
		t.Fatal("a third connection over a total cap of 2 was kept open")
	}
	if ln.Open() != 2 || ln.Dropped.Load() != 1 {
		t.Fatalf("open %d, dropped %d; want 2 and 1", ln.Open(), ln.Dropped.Load())
	}
	first.Close()
	first.Close() // a second Close gives nothing back twice
	fourth := dial()
	got := <-accepted
	if _, err := fourth.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadFull(got, make([]byte, 1)); err != nil {
		t.Fatalf("the connection after one closed: %v", err)
	}
	if ln.Open() != 2 {
		t.Fatalf("open %d after close and accept, want 2", ln.Open())
	}
	second.Close()
	got.Close()
	if ln.Open() != 0 {
		t.Fatalf("open %d after all closed", ln.Open())
	}
}

func TestConnKeyCountsIPv6ByItsSlash64(t *testing.T) {
	for remote, want := range map[string]string{
		"192.0.2.1:5000":             "192.0.2.1",
		"[2001:db8:1:2:3:4:5:6]:443": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:443": "2001:db8:1:2::/64",
		"[::ffff:192.0.2.1]:80":      "192.0.2.1",
	} {
		if got := connKey(remote); got != want {
			t.Errorf("%s: %q, want %q", remote, got, want)
		}
	}
}
