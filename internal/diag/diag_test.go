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

// Files named after a locale get the locale the author most likely meant: the same
// code written another way, else the locales of that language, else a near spelling.
func TestSuggestLocales(t *testing.T) {
	locales := []string{"en", "ja-JP", "pt-BR", "pt-PT", "zh-HK", "zh-TW", "ar-SA"}
	for in, want := range map[string]string{
		"ja":    "did you mean ja-JP.md?",
		"pt_BR": "did you mean pt-BR.md?",
		"zh-hk": "did you mean zh-HK.md?",
		"zh":    "did you mean one of zh-HK.md, zh-TW.md?",
		"pt-AO": "did you mean one of pt-BR.md, pt-PT.md?",
		"ar-SB": "did you mean ar-SA.md?",
		"ja-jp": "did you mean ja-JP.md?",
		"xx-YY": "",
	} {
		if got := DidYouMean(SuggestLocales(in, locales), ".md"); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}
