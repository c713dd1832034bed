package content

import (
	"net/url"
	"regexp"

	"github.com/promohq/promo/internal/diag"
)

var (
	// iosAppIDShape: Apple's ten-character team id, a dot and the bundle id.
	iosAppIDShape = regexp.MustCompile(`^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$`)
	// androidPackageShape: Java-style package name of at least two parts.
	androidPackageShape = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$`)
	// sha256Shape: a certificate fingerprint as keytool prints it.
	sha256Shape = regexp.MustCompile(`^[0-9A-F]{2}(:[0-9A-F]{2}){31}$`)
)

// validateAppIdentity checks the store links and the app identities that the banner
// and the well-known files are made of (DESIGN §8, deeplinks.md).
func (c *Config) validateAppIdentity(diags *diag.List, at func(string) (int, int)) {
	a := &c.App
	for name, u := range map[string]string{"stores.ios": a.Stores.IOS, "stores.android": a.Stores.Android} {
		if p, err := url.Parse(u); u != "" && (err != nil || p.Scheme != "https" || p.Host == "") {
			l, col := at("stores")
			diags.Errorf(ConfigFile, l, col, "bad-store-url", "write the store page's https URL",
				"app.%s %q is not an https URL", name, u)
		}
	}
	if a.IOS.AppID != "" && !iosAppIDShape.MatchString(a.IOS.AppID) {
		l, col := at("ios")
		diags.Errorf(ConfigFile, l, col, "bad-ios-app-id", "write <team id>.<bundle id>, like ABCDE12345.com.exchange.app",
			"app.ios.appID %q is not a team id and bundle id", a.IOS.AppID)
	}
	if a.Android.Package != "" && !androidPackageShape.MatchString(a.Android.Package) {
		l, col := at("android")
		diags.Errorf(ConfigFile, l, col, "bad-android-package", "write the app's package name, like com.exchange.app",
			"app.android.package %q is not a package name", a.Android.Package)
	}
	for _, f := range a.Android.SHA256 {
		if !sha256Shape.MatchString(f) {
			l, col := at("android")
			diags.Errorf(ConfigFile, l, col, "bad-android-sha256", "copy the SHA-256 fingerprint of the signing certificate (32 upper-case hex pairs joined by ':')",
				"app.android.sha256 %q is not a certificate fingerprint", f)
		}
	}
	if (a.Android.Package == "") != (len(a.Android.SHA256) == 0) {
		l, col := at("android")
		diags.Errorf(ConfigFile, l, col, "incomplete-android-app", "give both app.android.package and app.android.sha256, or neither",
			"app.android needs both package and sha256 for assetlinks.json")
	}
}
