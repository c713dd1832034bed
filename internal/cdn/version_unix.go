//go:build unix

package cdn

import (
	"io/fs"
	"syscall"
)

func fileIdentity(fi fs.FileInfo) (dev, ino uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), uint64(st.Ino)
	}
	return 0, 0
}
