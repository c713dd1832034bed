package version

import (
	"runtime"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/cmd/cmdtest"
)

func TestVersionPrintsOnStdout(t *testing.T) {
	stdout, stderr, err := cmdtest.Run(t, NewCmdVersion)
	if err != nil || stderr != "" {
		t.Fatalf("err %v, stderr %q", err, stderr)
	}
	prefix := "promo " + cmdtest.Version + " (" + runtime.Version() + ", esbuild "
	if !strings.HasPrefix(stdout, prefix) || !strings.HasSuffix(stdout, ")\n") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("stdout %q, want one line starting %q", stdout, prefix)
	}
}

func TestVersionTakesNoArguments(t *testing.T) {
	if stdout, _, err := cmdtest.Run(t, NewCmdVersion, "extra"); err == nil || stdout != "" {
		t.Errorf("err %v, stdout %q", err, stdout)
	}
}
