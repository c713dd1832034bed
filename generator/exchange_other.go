//go:build !linux

package generator

import "errors"

// exchange is Linux-only; callers fall back to two renames.
func exchange(a, b string) error { return errors.ErrUnsupported }
