package cdn

import (
	"fmt"
	"io/fs"
)

// fileVersion tells one version of a served file from another. Size and
// modification time alone do not: the kernel stamps files with a coarse
// clock, so two builds written within one tick give a same-length page the
// same time, and a cache keyed on those alone served the older page under
// the newer build's headers. A rebuilt file is a new file (the build renames
// a new folder into place), so its device and inode numbers set it apart.
type fileVersion struct {
	dev, ino uint64
	size     int64
	mtime    int64
}

func versionOf(fi fs.FileInfo) fileVersion {
	v := fileVersion{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	v.dev, v.ino = fileIdentity(fi)
	return v
}

// etag is the version's strong validator, left open (no closing quote) so
// an encoding can be appended.
func (v fileVersion) etag() string {
	return fmt.Sprintf(`"%x-%x-%x`, v.ino, v.mtime, v.size)
}
