//go:build !unix

package cdn

import "io/fs"

// fileIdentity has no portable inode elsewhere; size and time remain.
func fileIdentity(fs.FileInfo) (dev, ino uint64) { return 0, 0 }
