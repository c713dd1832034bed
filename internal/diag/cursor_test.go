package diag

import "testing"

// A cursor answers what LineCol answers, asked forwards, again, or backwards.
func TestCursorAgreesWithLineCol(t *testing.T) {
	data := []byte("{\n  \"a\": \"é\",\n\n  \"日本\": 1\n}")
	var c Cursor
	for _, off := range []int64{0, 3, 3, 12, 9, 14, 20, 100, 1} {
		l, col := c.At(data, off)
		wl, wcol := LineCol(data, off)
		if l != wl || col != wcol {
			t.Errorf("offset %d: cursor %d:%d, LineCol %d:%d", off, l, col, wl, wcol)
		}
	}
	if l, col := LineCol(data, 25); l != 4 || col != 6 {
		t.Errorf("LineCol at 25 = %d:%d, want 4:6", l, col)
	}
}
