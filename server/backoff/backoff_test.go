package backoff

import (
	"context"
	"testing"
	"time"
)

func TestWaitDoublesUpToTheCeilingAndResets(t *testing.T) {
	b := New(time.Millisecond, 3*time.Millisecond)
	var got []time.Duration
	for range 4 {
		got = append(got, b.Next())
		if !b.Wait(context.Background()) {
			t.Fatal("Wait returned false without a cancelled context")
		}
	}
	want := []time.Duration{time.Millisecond, 2 * time.Millisecond, 3 * time.Millisecond, 3 * time.Millisecond}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("waits %v, want %v", got, want)
		}
	}
	b.Reset()
	if b.Next() != time.Millisecond {
		t.Fatalf("after Reset the next wait is %v", b.Next())
	}
}

func TestWaitEndsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := New(time.Hour, time.Hour)
	if b.Wait(ctx) {
		t.Fatal("Wait slept an hour on a cancelled context")
	}
	if b.Next() != time.Hour {
		t.Fatalf("a cancelled wait doubled the delay to %v", b.Next())
	}
}
