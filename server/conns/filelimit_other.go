//go:build !unix

package conns

// fileLimit is unknown where there is no RLIMIT_NOFILE.
func fileLimit() (uint64, error) { return 0, nil }
