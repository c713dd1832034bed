package dev

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promohq/promo/internal/sitetest"
)

// hang bounds how long a test waits for what must happen without a build finishing:
// the builds below are held at a gate, so under the bug these waits never end.
const hang = 20 * time.Second

// While a rebuild runs, pages and assets are answered at once from the last good
// output: a request never waits for the build (before, every page request asked the
// builder for its locales and waited on its lock for the whole rebuild).
func TestRequestsDoNotWaitForARunningBuild(t *testing.T) {
	s, root, _ := start(t, "ja-JP")
	_, home := get(t, s.Handler(), "/blast/")
	css := regexp.MustCompile(`href="(/assets/css/[^"]+\.css)"`).FindStringSubmatch(home)
	if css == nil {
		t.Fatalf("no style sheet in the page: %.400s", home)
	}
	entered, release := s.builder.(*testBuilder).hold()
	defer release()
	sitetest.WriteInto(t, root, "-- locales/en/blast.json --\n{\"hero\": {\"title\": \"Blast off again\", \"subtitle\": \"Earn 20%\"}}\n")
	select {
	case <-entered:
	case <-time.After(hang):
		t.Fatal("the edit started no build")
	}
	for _, path := range []string{"/blast/", "/ja-JP/blast/", css[1], "/favicon.svg", "/no-such-page/"} {
		done := make(chan int, 1)
		go func() { code, _ := get(t, s.Handler(), path); done <- code }()
		select {
		case code := <-done:
			if want := http.StatusOK; path == "/no-such-page/" {
				if code != http.StatusNotFound {
					t.Errorf("%s during a build: %d, want 404", path, code)
				}
			} else if code != want {
				t.Errorf("%s during a build: %d, want %d", path, code, want)
			}
		case <-time.After(hang):
			t.Fatalf("%s waited for the running build", path)
		}
	}
	if _, body := get(t, s.Handler(), "/blast/"); !strings.Contains(body, "Blast off") || strings.Contains(body, "Blast off again") {
		t.Error("the last good page is not what is served during the build")
	}
	release()
	if r := <-s.rebuilt; r.Err != nil {
		t.Fatal(r.Err)
	}
	if _, body := get(t, s.Handler(), "/blast/"); !strings.Contains(body, "Blast off again") {
		t.Error("the edit is not served after the build")
	}
}

// Several locales asked for at once, for the first time, are all built: each first
// request waits for the build that adds its locale and gets the page (before, two
// requests could both read the locale list and each write it back with only its own
// locale added, so one locale was never built and its page was a 404).
func TestNewLocalesAskedForAtOnceAreAllBuilt(t *testing.T) {
	s, _, _ := start(t, "ja-JP")
	entered, release := s.builder.(*testBuilder).hold()
	defer release()
	locales := []string{"ar-SA", "th-TH", "vi-VN", "tr-TR", "ru-RU", "hi-IN"}
	type answer struct {
		locale string
		code   int
		body   string
	}
	answers := make(chan answer, len(locales))
	var wg sync.WaitGroup
	for _, l := range locales {
		wg.Go(func() {
			code, body := get(t, s.Handler(), "/"+l+"/blast/")
			answers <- answer{l, code, body}
		})
	}
	// Every request has asked for its locale before any build may finish.
	deadline := time.Now().Add(hang)
	for !containsAll(s.BuiltLocales(), locales) {
		if time.Now().After(deadline) {
			t.Fatalf("the requests did not all ask for their locale: %v", s.BuiltLocales())
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case a := <-answers:
		t.Fatalf("%s answered %d before its locale was built", a.locale, a.code)
	default:
	}
	<-entered
	release()
	waited := make(chan struct{})
	go func() { wg.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(hang):
		t.Fatal("a first request is still waiting for its locale")
	}
	close(answers)
	for a := range answers {
		if a.code != http.StatusOK || !strings.Contains(a.body, `lang="`+a.locale+`"`) {
			t.Errorf("%s on first request: %d", a.locale, a.code)
		}
	}
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}
