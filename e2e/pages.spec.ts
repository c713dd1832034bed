import { expect, test, waitForHydration } from "./fixtures";

const campaigns = [
  { slug: "depositblastoff", title: "Deposit Blast-Off", rules: "Deposit at least 100 USDT" },
  { slug: "referral-v2", title: "Invite friends, earn together", rules: "Self-referrals" },
  { slug: "spot-activity", title: "Spot Trading Festival", rules: "prize-draw chance" },
];

for (const c of campaigns) {
  test(`${c.slug}: the English page renders and hydrates with a clean console`, async ({ page, consoleProblems }) => {
    const response = await page.goto(`/${c.slug}/`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // Give late errors (lazy chunks, effects) a moment to surface.
    await page.waitForLoadState("networkidle");
    expect(consoleProblems).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const c of campaigns) {
    test(`${c.slug}: hero and rules are visible`, async ({ page }) => {
      await page.goto(`/${c.slug}/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
      await expect(page.getByRole("heading", { name: "Terms and rules" })).toBeVisible();
      await expect(page.getByText(c.rules)).toBeVisible();
    });
  }
});

test("ar-SA is laid out right to left", async ({ page, consoleProblems }) => {
  await page.goto("/ar-SA/depositblastoff/");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar-SA");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("انطلاقة الإيداع");
  // Mirrored: the title starts at the right edge of its column, the hero image sits
  // to its left.
  const layout = await page.evaluate(() => {
    const title = document.querySelector(".promo-hero__title")!.getBoundingClientRect();
    const text = document.querySelector(".promo-hero__text")!.getBoundingClientRect();
    const image = document.querySelector(".promo-hero__image")!.getBoundingClientRect();
    return { direction: getComputedStyle(document.body).direction, titleRight: title.right, textRight: text.right, imageRight: image.right, textLeft: text.left };
  });
  expect(layout.direction).toBe("rtl");
  expect(Math.abs(layout.titleRight - layout.textRight)).toBeLessThan(1);
  expect(layout.imageRight).toBeLessThanOrEqual(layout.textLeft + 1);
  await page.screenshot({ path: "artifacts/ar-SA-depositblastoff.png", fullPage: true });
  expect(consoleProblems).toEqual([]);
});

test("a locale without its own texts falls back to English key by key", async ({ page }) => {
  await page.goto("/nl-NL/depositblastoff/");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl-NL");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deposit Blast-Off");
  // The English parts say so (DESIGN §6); the page's own Dutch texts do not.
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
  await expect(page.locator(".promo-rules__body")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("contentinfo").locator(".promo-footer__risk")).not.toHaveAttribute("lang", /./);
});

test.describe("URL rules", () => {
  for (const [from, to] of [
    ["/en/depositblastoff/?ref=ABC", "/depositblastoff/?ref=ABC"],
    ["/en-US/depositblastoff/", "/depositblastoff/"],
    ["/pt-br/depositblastoff/?ref=XYZ", "/pt-BR/depositblastoff/?ref=XYZ"],
    ["/de-DE/depositblastoff/", "/depositblastoff/"],
  ]) {
    test(`${from} redirects to ${to}`, async ({ request, page }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers()["location"]).toBe(to);
      await page.goto(from);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(to);
    });
  }

  test("an unknown path shows the 404 page of its locale", async ({ page }) => {
    const ja = await page.goto("/ja-JP/no-such-campaign/");
    expect(ja?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりません");
    await expect(page.getByRole("link", { name: "入金ブラストオフ" })).toHaveAttribute("href", "/ja-JP/depositblastoff/");

    const en = await page.goto("/no-such-campaign/");
    expect(en?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("pages and assets carry the CDN headers", async ({ request }) => {
    const html = await request.get("/depositblastoff/");
    expect(html.headers()["cache-control"]).toContain("must-revalidate");
    expect(html.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(html.headers()["x-content-type-options"]).toBe("nosniff");
    const body = await html.text();
    const script = body.match(/<script defer src="[^"]+" data-entry="([^"]+)"/)![1];
    const js = await request.get(script, { headers: { "Accept-Encoding": "br" } });
    expect(js.headers()["cache-control"]).toContain("immutable");
  });
});

// One Han character is drawn differently in Japanese, Traditional and Simplified
// Chinese: each page must pick its own language's font (Debian's Noto CJK here; the
// stack names Apple's and Microsoft's first).
test("Chinese and Japanese pages draw Han characters in their own language's forms", async ({ page }) => {
  const glyphs: Record<string, string> = {};
  for (const locale of ["ja-JP", "zh-TW", "zh-MY"]) {
    await page.goto(`/${locale}/depositblastoff/`);
    glyphs[locale] = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 64;
      const ctx = canvas.getContext("2d")!;
      ctx.font = `48px ${getComputedStyle(document.body).fontFamily}`;
      ctx.fillText("骨", 8, 52); // "bone": its inner strokes differ between the three
      return canvas.toDataURL();
    });
  }
  expect(glyphs["zh-TW"]).not.toBe(glyphs["ja-JP"]);
  expect(glyphs["zh-MY"]).not.toBe(glyphs["ja-JP"]);
  expect(glyphs["zh-MY"]).not.toBe(glyphs["zh-TW"]);
});

// DESIGN §6, no empty boxes: a block taller than 100 px shows something — text, an
// image, a control — or it takes no room at all.
for (const width of [375, 1280]) {
  for (const c of campaigns) {
    test(`${c.slug} at ${width} px: no empty block taller than 100 px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${c.slug}/`);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      const empty = await page.evaluate(() =>
        [...document.body.querySelectorAll<HTMLElement>("*")]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            if (box.height <= 100 || getComputedStyle(el).visibility === "hidden") return false;
            if (el.innerText.trim() !== "") return false;
            if (el.matches("img, svg, canvas, video, iframe, input, picture") || el.querySelector("img, svg, canvas, video, iframe, input, picture")) return false;
            return getComputedStyle(el).backgroundImage === "none";
          })
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().height)} px`),
      );
      expect(empty).toEqual([]);
    });
  }
}
