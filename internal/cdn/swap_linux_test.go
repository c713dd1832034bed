package cdn

import "golang.org/x/sys/unix"

// exchangeDirs swaps two folders in one atomic rename, as the build does on
// Linux.
func exchangeDirs(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}
