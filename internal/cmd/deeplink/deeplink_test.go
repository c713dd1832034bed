package deeplink

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/cmdtest"
	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/sitetest"
)

func run(t *testing.T, root string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	newCmd := func(f *factory.Factory) *cobra.Command { return NewCmdDeeplink(f, nil) }
	return cmdtest.Run(t, newCmd, append([]string{"--source", root}, args...)...)
}

func TestDeeplinkPrintsOneLinkPerURL(t *testing.T) {
	root := t.TempDir() // no site.yaml: the embedded defaults
	stdout, stderr, err := run(t, root, "https://www.exchange.example/en-US/register", "/ja-JP/trade/spot/btc/usdt/", "/earn/savings/?id=42&x=1")
	if err != nil || stderr != "" {
		t.Fatalf("err %v, stderr %q", err, stderr)
	}
	want := "exchange://signup?direct=1\nexchange://home?tab=3&symbol=BTCUSDT\nexchange://earn?type=4&id=42\n"
	if stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
	}
}

// A URL without a link is named on stderr and fails the command, after the others
// were printed; promo adds no message of its own (ErrSilent).
func TestDeeplinkFailsOnEachURLWithoutALink(t *testing.T) {
	stdout, stderr, err := run(t, t.TempDir(), "/nowhere/", "/vip/", "https://evil.example/login/")
	if !errors.Is(err, factory.ErrSilent) {
		t.Errorf("err = %v, want ErrSilent", err)
	}
	if stdout != "exchange://vip\n" {
		t.Errorf("stdout %q", stdout)
	}
	if stderr != "no app link for /nowhere/\nno app link for https://evil.example/login/\n" {
		t.Errorf("stderr %q", stderr)
	}
}

func TestDeeplinkJSON(t *testing.T) {
	stdout, stderr, err := run(t, t.TempDir(), "--json", "/trade/futures/BTCUSD_BIQ/", "/nowhere/")
	if !errors.Is(err, factory.ErrSilent) || stderr != "no app link for /nowhere/\n" {
		t.Errorf("err %v, stderr %q", err, stderr)
	}
	var records []struct {
		URL       string
		App, Rule *string
	}
	if err := json.Unmarshal([]byte(stdout), &records); err != nil {
		t.Fatalf("stdout is not a JSON array: %v\n%s", err, stdout)
	}
	if len(records) != 2 || records[0].URL != "/trade/futures/BTCUSD_BIQ/" || *records[0].App != "exchange://home?tab=2&type=inverse&symbol=BTCUSD1230" ||
		*records[0].Rule != "inverse-quarterly" || records[1].URL != "/nowhere/" || records[1].App != nil || records[1].Rule != nil {
		t.Errorf("records: %s", stdout)
	}
	if !strings.Contains(stdout, `"app": "exchange://home?tab=2&type=inverse`) {
		t.Errorf("& must stay readable: %s", stdout)
	}
	if stdout, _, err := run(t, t.TempDir(), "--json", "/login"); err != nil || !strings.Contains(stdout, `"rule": "login"`) {
		t.Errorf("err %v, stdout %s", err, stdout)
	}
}

// The scheme, the site's host and the web hosts come from the --source site.yaml.
func TestDeeplinkReadsTheSiteConfig(t *testing.T) {
	root := sitetest.Write(t, `
-- site.yaml --
baseURL: https://promo.example.org
app:
  scheme: myapp
  webHosts: [web.example.org]
`)
	stdout, stderr, err := run(t, root, "https://promo.example.org/kyc/", "https://WEB.example.org/en/kyc", "https://www.exchange.example/kyc/")
	if !errors.Is(err, factory.ErrSilent) {
		t.Errorf("err = %v", err)
	}
	if stdout != "myapp://kyc\nmyapp://kyc\n" || stderr != "no app link for https://www.exchange.example/kyc/\n" {
		t.Errorf("stdout %q, stderr %q", stdout, stderr)
	}
}

func TestDeeplinkRefusesABadSite(t *testing.T) {
	root := sitetest.Write(t, "-- site.yaml --\napp:\n  webHosts: [https://web.example.org/]\n")
	_, _, err := run(t, root, "/login/")
	if err == nil || !strings.Contains(err.Error(), `site.yaml:2:13: error: app.webHosts: "https://web.example.org/" is not a host name [bad-web-host]`) {
		t.Errorf("err = %v", err)
	}
	if _, _, err := run(t, filepath.Join(t.TempDir(), "nowhere"), "/login/"); err == nil || !strings.Contains(err.Error(), "is not a site folder") {
		t.Errorf("err = %v", err)
	}
}

func TestDeeplinkNeedsAURL(t *testing.T) {
	if _, _, err := run(t, t.TempDir()); err == nil || errors.Is(err, factory.ErrSilent) {
		t.Errorf("err = %v", err)
	}
}
