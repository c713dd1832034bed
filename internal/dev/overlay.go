package dev

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/promohq/promo/internal/diag"
)

// errorPayload is the overlay's content: every error with a few lines of its source.
type errorPayload struct {
	Build  int           `json:"build"`
	Errors []errorDetail `json:"errors"`
}

type errorDetail struct {
	File    string        `json:"file"`
	Line    int           `json:"line"`
	Column  int           `json:"column"`
	Code    string        `json:"code"`
	Message string        `json:"message"`
	Hint    string        `json:"hint"`
	Excerpt []excerptLine `json:"excerpt"`
}

type excerptLine struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

func newErrorPayload(root string, build int, err error) *errorPayload {
	p := &errorPayload{Build: build}
	var failure *diag.Failure
	if !errors.As(err, &failure) {
		p.Errors = []errorDetail{{Message: err.Error()}}
		return p
	}
	for _, d := range failure.Diagnostics {
		p.Errors = append(p.Errors, errorDetail{File: d.File, Line: d.Line, Column: d.Column, Code: d.Code,
			Message: d.Message, Hint: d.Hint, Excerpt: excerpt(root, d.File, d.Line)})
	}
	return p
}

// excerpt returns up to two lines either side of line in file.
func excerpt(root, file string, line int) []excerptLine {
	if file == "" || line <= 0 {
		return nil
	}
	p := file
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, filepath.FromSlash(file))
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	lines := strings.Split(string(data), "\n")
	var out []excerptLine
	for n := max(1, line-2); n <= min(len(lines), line+2); n++ {
		out = append(out, excerptLine{Line: n, Text: strings.TrimRight(lines[n-1], "\r")})
	}
	return out
}
