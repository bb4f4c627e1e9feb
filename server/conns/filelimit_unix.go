//go:build unix

package conns

import (
	"math"
	"syscall"
)

// fileLimit raises the soft limit on open files to the hard one and returns
// it (0: unlimited or unknown).
func fileLimit() (uint64, error) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	if l.Cur < l.Max {
		raised := l
		raised.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err == nil {
			l = raised
		}
	}
	if l.Cur > math.MaxInt32 { // unlimited (RLIM_INFINITY) or as good as
		return 0, nil
	}
	return uint64(l.Cur), nil
}
