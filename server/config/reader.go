package config

import "time"

// Reader reads typed settings from the environment the way Load does: values are
// trimmed and an empty one is unset, durations are Go durations or plain seconds
// (as GoTrue reads them), and the first malformed value is kept for Err. The
// product that runs on this server reads its own settings with it
// (rental/config), so every setting of the binary is read and reported alike.
type Reader struct{ e env }

// NewReader reads from get.
func NewReader(get Getenv) *Reader { return &Reader{e: env{get: get}} }

// Str is name's value, or def when it is unset.
func (r *Reader) Str(name, def string) string { return r.e.str(name, def) }

// Int is name's value as an integer, or def.
func (r *Reader) Int(name string, def int) int { return r.e.int(name, def) }

// Int64 is name's value as a 64-bit integer, or def.
func (r *Reader) Int64(name string, def int64) int64 { return r.e.int64(name, def) }

// Bool is name's value as strconv.ParseBool reads it, or def.
func (r *Reader) Bool(name string, def bool) bool { return r.e.bool(name, def) }

// Dur is name's value as a duration ("90s") or plain seconds ("3600"), or def.
func (r *Reader) Dur(name string, def time.Duration) time.Duration { return r.e.dur(name, def) }

// Err is the first malformed value read, naming its variable.
func (r *Reader) Err() error { return r.e.err }
