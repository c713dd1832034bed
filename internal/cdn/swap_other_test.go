//go:build !linux

package cdn

import "errors"

func exchangeDirs(a, b string) error { return errors.ErrUnsupported }
