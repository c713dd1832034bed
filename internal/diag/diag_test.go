package diag

import "testing"

// Columns count characters, so a mistake after Japanese or Arabic text is reported
// where an editor shows it.
func TestLineColCountsCharacters(t *testing.T) {
	for _, c := range []struct {
		text      string
		at        string // the text from here on starts at the offset
		line, col int
	}{
		{"{\n  \"a\": 1,\n  x}", "x}", 3, 3},
		{"{\"title\": \"ボーナス\", x}", "x}", 1, 19},
		{"{\n\"عنوان\": \"مرحبا\" x", "x", 2, 18},
		{"", "", 1, 1},
	} {
		off := len(c.text) - len(c.at)
		if line, col := LineCol([]byte(c.text), int64(off)); line != c.line || col != c.col {
			t.Errorf("LineCol(%q, %d) = %d:%d, want %d:%d", c.text, off, line, col, c.line, c.col)
		}
	}
	if got := ByteColumn(`t("ボーナス.x")`, len(`t("ボーナス`)); got != 8 {
		t.Errorf("ByteColumn = %d, want 8", got)
	}
}
