package contract

// AssetsDir is the output folder, and the URL path, of the content-hashed files:
// scripts, style sheets, images, error dictionaries. Everything in it is cached for a
// year (DESIGN §2), so the CDN rules, the bundler and the image publishing share it.
const AssetsDir = "assets"
