package content

import (
	"strings"
	"testing"
)

// Store links by platform have defaults; the app identities of the well-known files
// have none, and site.yaml's are checked (deeplinks.md, DESIGN §8).
func TestAppStoresAndIdentities(t *testing.T) {
	c := DefaultConfig()
	if !strings.HasPrefix(c.App.Stores.IOS, "https://apps.apple.com/") || !strings.HasPrefix(c.App.Stores.Android, "https://play.google.com/") {
		t.Errorf("default stores: %+v", c.App.Stores)
	}
	if c.App.IOS.AppID != "" || c.App.Android.Package != "" || len(c.App.Android.SHA256) != 0 {
		t.Errorf("no app identity by default: %+v %+v", c.App.IOS, c.App.Android)
	}
	fp := "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
	c, d := loadConfigYAML(t, "app:\n  ios: {appID: ABCDE12345.com.x.app}\n  android: {package: com.x.app, sha256: [\""+fp+"\"]}\n  stores: {ios: \"https://apps.apple.com/app/id9\"}\n")
	if d.HasErrors() || c.App.IOS.AppID != "ABCDE12345.com.x.app" || c.App.Android.SHA256[0] != fp || c.App.Stores.IOS != "https://apps.apple.com/app/id9" ||
		!strings.HasPrefix(c.App.Stores.Android, "https://play.google.com/") || c.App.Scheme != "exchange" {
		t.Errorf("identities: %+v %v", c.App, d.Items())
	}
	for yaml, want := range map[string]string{
		"app:\n  ios: {appID: com.x.app}\n":                         `site.yaml:2:8: error: app.ios.appID "com.x.app" is not a team id and bundle id [bad-ios-app-id]`,
		"app:\n  android: {package: x, sha256: [\"" + fp + "\"]}\n": `[bad-android-package]`,
		"app:\n  android: {package: com.x.app, sha256: [ab:cd]}\n":  `app.android.sha256 "ab:cd" is not a certificate fingerprint`,
		"app:\n  android: {package: com.x.app}\n":                   `[incomplete-android-app]`,
		"app:\n  stores: {android: \"http://play.example\"}\n":      `app.stores.android "http://play.example" is not an https URL [bad-store-url]`,
	} {
		_, d := loadConfigYAML(t, yaml)
		if err := d.Err(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %s", yaml, err, want)
		}
	}
}
